CREATE TABLE "merchandise_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchandise_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"merchandise_collection_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"base_price_cents" integer NOT NULL,
	"image_url" text,
	"second_image_url" text,
	"additional_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_name" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"enable_stock_tracking" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchandise_items_price_check" CHECK ("merchandise_items"."base_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "merchandise_stock_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"merchandise_item_id" integer,
	"merchandise_variant_id" integer,
	"item_name" text NOT NULL,
	"variant_label" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"stock_quantity" integer NOT NULL,
	"damaged_quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchandise_stock_events_kind_check" CHECK ("merchandise_stock_events"."kind" IN ('update', 'damaged', 'sale', 'return'))
);
--> statement-breakpoint
CREATE TABLE "merchandise_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchandise_item_id" integer NOT NULL,
	"size" text,
	"color" text,
	"price_adjustment_cents" integer DEFAULT 0 NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchandise_variants_item_size_color_key" UNIQUE NULLS NOT DISTINCT("merchandise_item_id","size","color"),
	CONSTRAINT "merchandise_variants_stock_check" CHECK ("merchandise_variants"."stock_quantity" >= 0 AND "merchandise_variants"."damaged_quantity" >= 0 AND "merchandise_variants"."damaged_quantity" <= "merchandise_variants"."stock_quantity")
);
--> statement-breakpoint
ALTER TABLE "merchandise_collections" ADD CONSTRAINT "merchandise_collections_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_items" ADD CONSTRAINT "merchandise_items_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_items" ADD CONSTRAINT "merchandise_items_merchandise_collection_id_merchandise_collections_id_fk" FOREIGN KEY ("merchandise_collection_id") REFERENCES "public"."merchandise_collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_stock_events" ADD CONSTRAINT "merchandise_stock_events_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_stock_events" ADD CONSTRAINT "merchandise_stock_events_merchandise_item_id_merchandise_items_id_fk" FOREIGN KEY ("merchandise_item_id") REFERENCES "public"."merchandise_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_stock_events" ADD CONSTRAINT "merchandise_stock_events_merchandise_variant_id_merchandise_variants_id_fk" FOREIGN KEY ("merchandise_variant_id") REFERENCES "public"."merchandise_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_stock_events" ADD CONSTRAINT "merchandise_stock_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_variants" ADD CONSTRAINT "merchandise_variants_merchandise_item_id_merchandise_items_id_fk" FOREIGN KEY ("merchandise_item_id") REFERENCES "public"."merchandise_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchandise_collections_restaurant_idx" ON "merchandise_collections" USING btree ("restaurant_id","position");--> statement-breakpoint
CREATE INDEX "merchandise_items_restaurant_idx" ON "merchandise_items" USING btree ("restaurant_id","position");--> statement-breakpoint
CREATE INDEX "merchandise_items_collection_idx" ON "merchandise_items" USING btree ("merchandise_collection_id");--> statement-breakpoint
CREATE INDEX "merchandise_stock_events_item_idx" ON "merchandise_stock_events" USING btree ("merchandise_item_id","created_at");--> statement-breakpoint
CREATE INDEX "merchandise_stock_events_restaurant_idx" ON "merchandise_stock_events" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "merchandise_variants_item_idx" ON "merchandise_variants" USING btree ("merchandise_item_id","position");