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
ALTER TABLE "wholesale_fundraisers" ADD CONSTRAINT "wholesale_fundraisers_team_share_check" CHECK ("wholesale_fundraisers"."team_share_percent" IS NULL OR ("wholesale_fundraisers"."team_share_percent" >= 0 AND "wholesale_fundraisers"."team_share_percent" <= 100));
