-- Sessions get an idle limit beside their absolute one (decision 0084). Rows from before keep
-- their expiry and get the customers' 30-day idle window; staff, admin and super admin sessions
-- (30-day tokens until now) end here, so nobody keeps a back-office session longer than a shift.
UPDATE "sessions" SET "last_seen_at" = "created_at" WHERE "last_seen_at" IS NULL;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_seen_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_seen_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "idle_seconds" integer NOT NULL DEFAULT 2592000;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "idle_seconds" DROP DEFAULT;--> statement-breakpoint
UPDATE "sessions" SET "revoked_at" = now()
  WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "users" WHERE "role" <> 'customer');--> statement-breakpoint
-- A change of role or restaurant ends the person's sessions whoever makes it (the app or an
-- operator in psql): the permissions a session was opened with never outlive the change.
CREATE FUNCTION "users_end_sessions_on_role_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sessions" SET "revoked_at" = now() WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_end_sessions_on_role_change"
  AFTER UPDATE OF "role", "restaurant_id" ON "users"
  FOR EACH ROW
  WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR OLD."restaurant_id" IS DISTINCT FROM NEW."restaurant_id")
  EXECUTE FUNCTION "users_end_sessions_on_role_change"();
