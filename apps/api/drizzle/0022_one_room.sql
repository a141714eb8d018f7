-- Issue #35 (decisions 0104, 0105): seats belong to one location's room, and a seated walk-in's
-- stay has a start. A section's location_id names the dining room its seats are in (null: the
-- restaurant's default location); a waitlist party's seated_at is when it sat down (its stay runs
-- for its turn time from then), left_at when the floor finished it.
ALTER TABLE "seat_sections" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "seat_sections" ADD CONSTRAINT "seat_sections_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "seated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "waitlist_entries_restaurant_seated_idx" ON "waitlist_entries" USING btree ("restaurant_id","seated_at") WHERE ("waitlist_entries"."status" = 'seated' AND "waitlist_entries"."left_at" IS NULL);--> statement-breakpoint
-- Parties seated before this: their live seats say when they sat down; otherwise their last change.
UPDATE "waitlist_entries" w SET "seated_at" = coalesce(
  (SELECT min(a."start_time") FROM "seat_allocations" a WHERE a."occupant_type" = 'waitlist' AND a."occupant_id" = w."id"),
  w."updated_at")
WHERE w."status" = 'seated';--> statement-breakpoint
-- Parties the floor finished (their seats released as finished) have left.
UPDATE "waitlist_entries" w SET "left_at" = (SELECT max(a."released_at") FROM "seat_allocations" a
  WHERE a."occupant_type" = 'waitlist' AND a."occupant_id" = w."id" AND a."status" = 'finished')
WHERE w."status" = 'seated';
