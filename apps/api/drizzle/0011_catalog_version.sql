ALTER TABLE "restaurants" ADD COLUMN "catalog_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- restaurants.catalog_version (modules/orders/catalog-cache.ts): goes up by one in the transaction of
-- every statement that changes what an order is priced from — a restaurant's menu items, option groups,
-- options, merchandise items and variants (inserted, deleted, or updated in anything but their stock
-- counts) and the restaurant's own row. Checkout's stock decrements leave it alone, so orders never
-- queue on the restaurant's row. The order batch prices carts from a cached catalog and its order
-- statement writes only the orders whose restaurant still has the version they were priced with.
-- Statement-level triggers with transition tables, as 0004's: one UPDATE of each restaurant per statement.
CREATE OR REPLACE FUNCTION catalog_version_bump(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE restaurants SET catalog_version = catalog_version + 1
  WHERE id IN (SELECT DISTINCT r FROM unnest(ids) AS r WHERE r IS NOT NULL)
$$;
--> statement-breakpoint
-- What an UPDATE changed beyond stock: a row's columns but its stock counts and updated_at, as JSON.
CREATE OR REPLACE FUNCTION catalog_fields(row_json jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT row_json - 'stock_quantity' - 'damaged_quantity' - 'updated_at'
$$;
--> statement-breakpoint
-- menu_items and merchandise_items carry restaurant_id themselves.
CREATE OR REPLACE FUNCTION catalog_changed_by_restaurant_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_version_bump(ARRAY(SELECT restaurant_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM catalog_version_bump(ARRAY(
      SELECT unnest(ARRAY[n.restaurant_id, o.restaurant_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE catalog_fields(to_jsonb(n)) IS DISTINCT FROM catalog_fields(to_jsonb(o))));
  ELSE
    PERFORM catalog_version_bump(ARRAY(SELECT restaurant_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_changed_by_option_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_version_bump(ARRAY(SELECT mi.restaurant_id FROM new_rows g JOIN menu_items mi ON mi.id = g.menu_item_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM catalog_version_bump(ARRAY(
      SELECT mi.restaurant_id
      FROM (SELECT unnest(ARRAY[n.menu_item_id, o.menu_item_id]) AS menu_item_id FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE catalog_fields(to_jsonb(n)) IS DISTINCT FROM catalog_fields(to_jsonb(o))) g
      JOIN menu_items mi ON mi.id = g.menu_item_id));
  ELSE
    -- A cascade from a deleted item finds no item here; the item's own trigger has counted it.
    PERFORM catalog_version_bump(ARRAY(SELECT mi.restaurant_id FROM old_rows g JOIN menu_items mi ON mi.id = g.menu_item_id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_changed_by_option() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_version_bump(ARRAY(
      SELECT mi.restaurant_id FROM new_rows o JOIN option_groups g ON g.id = o.option_group_id JOIN menu_items mi ON mi.id = g.menu_item_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM catalog_version_bump(ARRAY(
      SELECT mi.restaurant_id
      FROM (SELECT unnest(ARRAY[n.option_group_id, o.option_group_id]) AS option_group_id FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE catalog_fields(to_jsonb(n)) IS DISTINCT FROM catalog_fields(to_jsonb(o))) c
      JOIN option_groups g ON g.id = c.option_group_id JOIN menu_items mi ON mi.id = g.menu_item_id));
  ELSE
    PERFORM catalog_version_bump(ARRAY(
      SELECT mi.restaurant_id FROM old_rows o JOIN option_groups g ON g.id = o.option_group_id JOIN menu_items mi ON mi.id = g.menu_item_id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_changed_by_merchandise_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_version_bump(ARRAY(SELECT i.restaurant_id FROM new_rows v JOIN merchandise_items i ON i.id = v.merchandise_item_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM catalog_version_bump(ARRAY(
      SELECT i.restaurant_id
      FROM (SELECT unnest(ARRAY[n.merchandise_item_id, o.merchandise_item_id]) AS merchandise_item_id FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE catalog_fields(to_jsonb(n)) IS DISTINCT FROM catalog_fields(to_jsonb(o))) v
      JOIN merchandise_items i ON i.id = v.merchandise_item_id));
  ELSE
    PERFORM catalog_version_bump(ARRAY(SELECT i.restaurant_id FROM old_rows v JOIN merchandise_items i ON i.id = v.merchandise_item_id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The restaurant's own row: any change but to this column (the bumps above) and updated_at counts.
CREATE OR REPLACE FUNCTION restaurant_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'catalog_version' - 'updated_at') IS DISTINCT FROM (to_jsonb(OLD) - 'catalog_version' - 'updated_at') THEN
    NEW.catalog_version := OLD.catalog_version + 1;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER restaurants_catalog_version BEFORE UPDATE ON restaurants FOR EACH ROW EXECUTE FUNCTION restaurant_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER menu_items_catalog_insert AFTER INSERT ON menu_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER menu_items_catalog_update AFTER UPDATE ON menu_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER menu_items_catalog_delete AFTER DELETE ON menu_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER option_groups_catalog_insert AFTER INSERT ON option_groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_option_group();
--> statement-breakpoint
CREATE TRIGGER option_groups_catalog_update AFTER UPDATE ON option_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_option_group();
--> statement-breakpoint
CREATE TRIGGER option_groups_catalog_delete AFTER DELETE ON option_groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_option_group();
--> statement-breakpoint
CREATE TRIGGER options_catalog_insert AFTER INSERT ON options REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_option();
--> statement-breakpoint
CREATE TRIGGER options_catalog_update AFTER UPDATE ON options REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_option();
--> statement-breakpoint
CREATE TRIGGER options_catalog_delete AFTER DELETE ON options REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_option();
--> statement-breakpoint
CREATE TRIGGER merchandise_items_catalog_insert AFTER INSERT ON merchandise_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER merchandise_items_catalog_update AFTER UPDATE ON merchandise_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER merchandise_items_catalog_delete AFTER DELETE ON merchandise_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER merchandise_variants_catalog_insert AFTER INSERT ON merchandise_variants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_merchandise_item();
--> statement-breakpoint
CREATE TRIGGER merchandise_variants_catalog_update AFTER UPDATE ON merchandise_variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_merchandise_item();
--> statement-breakpoint
CREATE TRIGGER merchandise_variants_catalog_delete AFTER DELETE ON merchandise_variants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed_by_merchandise_item();
