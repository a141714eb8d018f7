ALTER TABLE "waitlist_entries" ADD COLUMN "quoted_wait_minutes" integer;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "seated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "guest_token_hash" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_quote_check" CHECK ("waitlist_entries"."quoted_wait_minutes" IS NULL OR "waitlist_entries"."quoted_wait_minutes" >= 0);--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_source_check" CHECK ("waitlist_entries"."source" in ('staff', 'guest'));--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_guest_token_idx" ON "waitlist_entries" USING btree ("guest_token_hash");
