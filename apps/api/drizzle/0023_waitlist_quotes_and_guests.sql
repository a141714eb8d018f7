-- (seated_at and left_at came with 0022_one_room: one pair of columns for both the stay and the wait.)
ALTER TABLE "waitlist_entries" ADD COLUMN "quoted_wait_minutes" integer;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "guest_token_hash" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_quote_check" CHECK ("waitlist_entries"."quoted_wait_minutes" IS NULL OR "waitlist_entries"."quoted_wait_minutes" >= 0);--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_source_check" CHECK ("waitlist_entries"."source" in ('staff', 'guest'));--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_guest_token_idx" ON "waitlist_entries" USING btree ("guest_token_hash");
--> statement-breakpoint
CREATE TABLE "guest_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"phone" text,
	"email" text,
	"notes" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_profiles_contact_check" CHECK ("guest_profiles"."phone" IS NOT NULL OR "guest_profiles"."email" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "guest_profiles" ADD CONSTRAINT "guest_profiles_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_profiles_phone_idx" ON "guest_profiles" USING btree ("restaurant_id","phone") WHERE "guest_profiles"."phone" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_profiles_email_idx" ON "guest_profiles" USING btree ("restaurant_id","email") WHERE "guest_profiles"."email" IS NOT NULL;
