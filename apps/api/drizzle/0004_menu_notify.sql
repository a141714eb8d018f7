-- Cross-node menu cache invalidation (modules/menu/cache.ts): after every statement that changes the
-- catalog, NOTIFY 'menu_changed' with each affected restaurant id. Notifications are delivered on
-- commit only (a rolled-back stock change says nothing) and PostgreSQL folds identical payloads of one
-- transaction into one. Statement-level triggers with transition tables: one notify per restaurant per
-- statement, however many rows; a trigger may carry transition tables for one event only, hence three
-- triggers per table.

CREATE OR REPLACE FUNCTION menu_notify_restaurants(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  rid integer;
BEGIN
  FOR rid IN SELECT DISTINCT r FROM unnest(ids) AS r WHERE r IS NOT NULL LOOP
    PERFORM pg_notify('menu_changed', rid::text);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- menus, menu_categories, menu_items carry restaurant_id themselves.
CREATE OR REPLACE FUNCTION menu_changed_by_restaurant_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM menu_notify_restaurants(ARRAY(SELECT restaurant_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM menu_notify_restaurants(ARRAY(SELECT restaurant_id FROM new_rows UNION SELECT restaurant_id FROM old_rows));
  ELSE
    PERFORM menu_notify_restaurants(ARRAY(SELECT restaurant_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION menu_changed_by_option_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM menu_notify_restaurants(ARRAY(
      SELECT mi.restaurant_id FROM new_rows g JOIN menu_items mi ON mi.id = g.menu_item_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM menu_notify_restaurants(ARRAY(
      SELECT mi.restaurant_id FROM (SELECT menu_item_id FROM new_rows UNION SELECT menu_item_id FROM old_rows) g
      JOIN menu_items mi ON mi.id = g.menu_item_id));
  ELSE
    -- A cascade from a deleted item finds no item here; the item's own trigger has notified.
    PERFORM menu_notify_restaurants(ARRAY(
      SELECT mi.restaurant_id FROM old_rows g JOIN menu_items mi ON mi.id = g.menu_item_id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION menu_changed_by_option() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM menu_notify_restaurants(ARRAY(
      SELECT mi.restaurant_id FROM new_rows o
      JOIN option_groups g ON g.id = o.option_group_id JOIN menu_items mi ON mi.id = g.menu_item_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM menu_notify_restaurants(ARRAY(
      SELECT mi.restaurant_id FROM (SELECT option_group_id FROM new_rows UNION SELECT option_group_id FROM old_rows) o
      JOIN option_groups g ON g.id = o.option_group_id JOIN menu_items mi ON mi.id = g.menu_item_id));
  ELSE
    PERFORM menu_notify_restaurants(ARRAY(
      SELECT mi.restaurant_id FROM old_rows o
      JOIN option_groups g ON g.id = o.option_group_id JOIN menu_items mi ON mi.id = g.menu_item_id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER menus_notify_insert AFTER INSERT ON menus REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER menus_notify_update AFTER UPDATE ON menus REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER menus_notify_delete AFTER DELETE ON menus REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER menu_categories_notify_insert AFTER INSERT ON menu_categories REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER menu_categories_notify_update AFTER UPDATE ON menu_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER menu_categories_notify_delete AFTER DELETE ON menu_categories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER menu_items_notify_insert AFTER INSERT ON menu_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER menu_items_notify_update AFTER UPDATE ON menu_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER menu_items_notify_delete AFTER DELETE ON menu_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER option_groups_notify_insert AFTER INSERT ON option_groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_option_group();
--> statement-breakpoint
CREATE TRIGGER option_groups_notify_update AFTER UPDATE ON option_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_option_group();
--> statement-breakpoint
CREATE TRIGGER option_groups_notify_delete AFTER DELETE ON option_groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_option_group();
--> statement-breakpoint
CREATE TRIGGER options_notify_insert AFTER INSERT ON options REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_option();
--> statement-breakpoint
CREATE TRIGGER options_notify_update AFTER UPDATE ON options REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_option();
--> statement-breakpoint
CREATE TRIGGER options_notify_delete AFTER DELETE ON options REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION menu_changed_by_option();
