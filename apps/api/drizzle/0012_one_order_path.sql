ALTER TABLE "restaurants" DROP COLUMN "catalog_version";--> statement-breakpoint
-- Custom SQL: the order batch is gone (decision 0027), and with it what only it used — the triggers
-- and functions that kept restaurants.catalog_version (migration 0011).
DROP TRIGGER IF EXISTS restaurants_catalog_version ON restaurants;--> statement-breakpoint
DROP TRIGGER IF EXISTS menu_items_catalog_insert ON menu_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS menu_items_catalog_update ON menu_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS menu_items_catalog_delete ON menu_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS option_groups_catalog_insert ON option_groups;--> statement-breakpoint
DROP TRIGGER IF EXISTS option_groups_catalog_update ON option_groups;--> statement-breakpoint
DROP TRIGGER IF EXISTS option_groups_catalog_delete ON option_groups;--> statement-breakpoint
DROP TRIGGER IF EXISTS options_catalog_insert ON options;--> statement-breakpoint
DROP TRIGGER IF EXISTS options_catalog_update ON options;--> statement-breakpoint
DROP TRIGGER IF EXISTS options_catalog_delete ON options;--> statement-breakpoint
DROP TRIGGER IF EXISTS merchandise_items_catalog_insert ON merchandise_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS merchandise_items_catalog_update ON merchandise_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS merchandise_items_catalog_delete ON merchandise_items;--> statement-breakpoint
DROP TRIGGER IF EXISTS merchandise_variants_catalog_insert ON merchandise_variants;--> statement-breakpoint
DROP TRIGGER IF EXISTS merchandise_variants_catalog_update ON merchandise_variants;--> statement-breakpoint
DROP TRIGGER IF EXISTS merchandise_variants_catalog_delete ON merchandise_variants;--> statement-breakpoint
DROP FUNCTION IF EXISTS restaurant_catalog_changed();--> statement-breakpoint
DROP FUNCTION IF EXISTS catalog_changed_by_restaurant_id();--> statement-breakpoint
DROP FUNCTION IF EXISTS catalog_changed_by_option_group();--> statement-breakpoint
DROP FUNCTION IF EXISTS catalog_changed_by_option();--> statement-breakpoint
DROP FUNCTION IF EXISTS catalog_changed_by_merchandise_item();--> statement-breakpoint
DROP FUNCTION IF EXISTS catalog_fields(jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS catalog_version_bump(integer[]);
--> statement-breakpoint
-- The order statement's row-count check (migration 0010): the order is now written by Drizzle's
-- inserts and updates, each checked where it is made.
DROP FUNCTION IF EXISTS expect_written(text, bigint, bigint);
