-- Team accounts (issue #37, decision 0113): an account can be deactivated (its sessions end with
-- it, whoever sets the column), and the list shows when each person last signed in.
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION "users_end_sessions_on_deactivation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sessions" SET "revoked_at" = now() WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_end_sessions_on_deactivation"
  AFTER UPDATE OF "deactivated_at" ON "users"
  FOR EACH ROW
  WHEN (OLD."deactivated_at" IS NULL AND NEW."deactivated_at" IS NOT NULL)
  EXECUTE FUNCTION "users_end_sessions_on_deactivation"();--> statement-breakpoint
-- An invite to join a restaurant's team: only the SHA-256 of the e-mailed token is kept; used once.
CREATE TABLE "team_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invites_role_check" CHECK ("team_invites"."role" in ('staff', 'admin')),
	CONSTRAINT "team_invites_email_lowercase" CHECK ("team_invites"."email" = lower("team_invites"."email"))
);--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invites_token_hash_unique" ON "team_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invites_restaurant_idx" ON "team_invites" USING btree ("restaurant_id");--> statement-breakpoint
-- Who changed what, when: team and code changes, readable by the restaurant's admins.
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"actor_id" integer,
	"actor_label" text,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"summary" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_restaurant_id_idx" ON "audit_log" USING btree ("restaurant_id","id");--> statement-breakpoint
-- VIP codes (decision 0114): when a code was revoked. Single use is held by vip_codes_uses_check.
ALTER TABLE "vip_codes" ADD COLUMN "revoked_at" timestamp with time zone;
