-- Organiser access (issue #36 item 5, decision 0124): a coach or team parent signs in with the
-- role 'organiser' and manages only the fundraisers assigned to them. An admin invites them from
-- the fundraiser's management through the team invites (the invite names the fundraiser).
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('super_admin', 'admin', 'staff', 'customer', 'organiser'));--> statement-breakpoint
ALTER TABLE "team_invites" DROP CONSTRAINT "team_invites_role_check";--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_role_check" CHECK ("team_invites"."role" in ('staff', 'admin', 'organiser'));--> statement-breakpoint
ALTER TABLE "team_invites" ADD COLUMN "fundraiser_id" integer;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_fundraiser_id_wholesale_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."wholesale_fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_organiser_fundraiser_check" CHECK (("team_invites"."role" = 'organiser') = ("team_invites"."fundraiser_id" IS NOT NULL));--> statement-breakpoint
CREATE TABLE "wholesale_fundraiser_organisers" (
	"fundraiser_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wholesale_fundraiser_organisers_pk" PRIMARY KEY("fundraiser_id","user_id")
);--> statement-breakpoint
ALTER TABLE "wholesale_fundraiser_organisers" ADD CONSTRAINT "wholesale_fundraiser_organisers_fundraiser_id_wholesale_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."wholesale_fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_fundraiser_organisers" ADD CONSTRAINT "wholesale_fundraiser_organisers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wholesale_fundraiser_organisers_user_idx" ON "wholesale_fundraiser_organisers" USING btree ("user_id");--> statement-breakpoint
-- The team share (issue #36 item 6, decision 0125): the percent of each sale the team receives.
ALTER TABLE "wholesale_fundraisers" ADD COLUMN "team_share_percent" integer;--> statement-breakpoint
ALTER TABLE "wholesale_fundraisers" ADD CONSTRAINT "wholesale_fundraisers_team_share_check" CHECK ("wholesale_fundraisers"."team_share_percent" IS NULL OR ("wholesale_fundraisers"."team_share_percent" >= 0 AND "wholesale_fundraisers"."team_share_percent" <= 100));--> statement-breakpoint
-- The shop's fundraiser list cache across nodes (decision 0126, modules/wholesale/list-cache.ts):
-- after every statement that changes what the list shows (a fundraiser, an item, a participant, an
-- order, a ledger row), NOTIFY 'wholesale_changed' with each affected restaurant id. Delivered on
-- commit only; identical payloads of one transaction are folded into one. Statement-level triggers
-- with transition tables, as the menu's (0004): one notify per restaurant per statement.
CREATE OR REPLACE FUNCTION wholesale_notify_restaurants(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  rid integer;
BEGIN
  FOR rid IN SELECT DISTINCT r FROM unnest(ids) AS r WHERE r IS NOT NULL LOOP
    PERFORM pg_notify('wholesale_changed', rid::text);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- wholesale_fundraisers and wholesale_orders carry restaurant_id themselves.
CREATE OR REPLACE FUNCTION wholesale_changed_by_restaurant_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM wholesale_notify_restaurants(ARRAY(SELECT restaurant_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM wholesale_notify_restaurants(ARRAY(SELECT restaurant_id FROM new_rows UNION SELECT restaurant_id FROM old_rows));
  ELSE
    PERFORM wholesale_notify_restaurants(ARRAY(SELECT restaurant_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Items, participants and ledger rows name their fundraiser (a cascade from a deleted fundraiser
-- finds none here; the fundraiser's own trigger has notified).
CREATE OR REPLACE FUNCTION wholesale_changed_by_fundraiser_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM wholesale_notify_restaurants(ARRAY(
      SELECT f.restaurant_id FROM (SELECT DISTINCT fundraiser_id FROM new_rows) r JOIN wholesale_fundraisers f ON f.id = r.fundraiser_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM wholesale_notify_restaurants(ARRAY(
      SELECT f.restaurant_id FROM (SELECT fundraiser_id FROM new_rows UNION SELECT fundraiser_id FROM old_rows) r JOIN wholesale_fundraisers f ON f.id = r.fundraiser_id));
  ELSE
    PERFORM wholesale_notify_restaurants(ARRAY(
      SELECT f.restaurant_id FROM (SELECT DISTINCT fundraiser_id FROM old_rows) r JOIN wholesale_fundraisers f ON f.id = r.fundraiser_id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wholesale_fundraisers_notify_insert AFTER INSERT ON wholesale_fundraisers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_fundraisers_notify_update AFTER UPDATE ON wholesale_fundraisers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_fundraisers_notify_delete AFTER DELETE ON wholesale_fundraisers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_orders_notify_insert AFTER INSERT ON wholesale_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_orders_notify_update AFTER UPDATE ON wholesale_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_orders_notify_delete AFTER DELETE ON wholesale_orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_restaurant_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_items_notify_insert AFTER INSERT ON wholesale_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_fundraiser_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_items_notify_update AFTER UPDATE ON wholesale_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_fundraiser_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_items_notify_delete AFTER DELETE ON wholesale_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_fundraiser_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_participants_notify_insert AFTER INSERT ON wholesale_participants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_fundraiser_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_participants_notify_update AFTER UPDATE ON wholesale_participants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_fundraiser_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_participants_notify_delete AFTER DELETE ON wholesale_participants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_fundraiser_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_participant_credits_notify_insert AFTER INSERT ON wholesale_participant_credits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_fundraiser_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_participant_credits_notify_update AFTER UPDATE ON wholesale_participant_credits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_fundraiser_id();
--> statement-breakpoint
CREATE TRIGGER wholesale_participant_credits_notify_delete AFTER DELETE ON wholesale_participant_credits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wholesale_changed_by_fundraiser_id();
