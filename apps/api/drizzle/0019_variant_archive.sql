ALTER TABLE "merchandise_variants" DROP CONSTRAINT "merchandise_variants_item_size_color_key";--> statement-breakpoint
ALTER TABLE "merchandise_variants" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchandise_variants" ADD CONSTRAINT "merchandise_variants_item_size_color_key" UNIQUE NULLS NOT DISTINCT("merchandise_item_id","size","color","archived_at");