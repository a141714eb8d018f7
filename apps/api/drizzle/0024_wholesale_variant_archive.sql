ALTER TABLE "wholesale_item_variants" DROP CONSTRAINT "wholesale_item_variants_item_key_unique";--> statement-breakpoint
ALTER TABLE "wholesale_item_variants" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wholesale_item_variants" ADD CONSTRAINT "wholesale_item_variants_item_key_unique" UNIQUE NULLS NOT DISTINCT("item_id","variant_key","archived_at");--> statement-breakpoint
ALTER TABLE "wholesale_fundraisers" ADD COLUMN "pickup_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wholesale_fundraisers" ADD COLUMN "goal_cents" integer;--> statement-breakpoint
ALTER TABLE "wholesale_fundraisers" ADD CONSTRAINT "wholesale_fundraisers_goal_check" CHECK ("wholesale_fundraisers"."goal_cents" IS NULL OR "wholesale_fundraisers"."goal_cents" > 0);