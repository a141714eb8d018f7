CREATE SEQUENCE "public"."wholesale_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 20001 CACHE 1;--> statement-breakpoint
CREATE TABLE "wholesale_cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"fundraiser_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"selection_key" text DEFAULT '' NOT NULL,
	"selected_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wholesale_cart_lines_user_item_selection_unique" UNIQUE("user_id","item_id","selection_key"),
	CONSTRAINT "wholesale_cart_lines_quantity_check" CHECK ("wholesale_cart_lines"."quantity" > 0 AND "wholesale_cart_lines"."quantity" <= 999)
);
--> statement-breakpoint
CREATE TABLE "wholesale_fundraisers" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"card_image_url" text,
	"banner_url" text,
	"start_date" date,
	"end_date" date,
	"pickup_display_name" text,
	"pickup_display_address" text,
	"pickup_instructions" text,
	"pickup_hours" text,
	"pickup_contact_name" text,
	"pickup_contact_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wholesale_fundraisers_status_check" CHECK ("wholesale_fundraisers"."status" in ('draft', 'current', 'ended')),
	CONSTRAINT "wholesale_fundraisers_slug_check" CHECK ("wholesale_fundraisers"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "wholesale_fundraisers_dates_check" CHECK ("wholesale_fundraisers"."start_date" IS NULL OR "wholesale_fundraisers"."end_date" IS NULL OR "wholesale_fundraisers"."start_date" <= "wholesale_fundraisers"."end_date")
);
--> statement-breakpoint
CREATE TABLE "wholesale_item_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"variant_key" text NOT NULL,
	"variant_name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer,
	CONSTRAINT "wholesale_item_variants_item_key_unique" UNIQUE("item_id","variant_key"),
	CONSTRAINT "wholesale_item_variants_key_check" CHECK ("wholesale_item_variants"."variant_key" ~ '^[0-9]+(-[0-9]+)*$'),
	CONSTRAINT "wholesale_item_variants_stock_check" CHECK ("wholesale_item_variants"."stock_quantity" >= 0 AND "wholesale_item_variants"."damaged_quantity" >= 0 AND "wholesale_item_variants"."damaged_quantity" <= "wholesale_item_variants"."stock_quantity")
);
--> statement-breakpoint
CREATE TABLE "wholesale_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"fundraiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sku" text,
	"price_cents" integer NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inventory_mode" text DEFAULT 'none' NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wholesale_items_price_check" CHECK ("wholesale_items"."price_cents" >= 0),
	CONSTRAINT "wholesale_items_mode_check" CHECK ("wholesale_items"."inventory_mode" in ('none', 'item', 'option', 'variant')),
	CONSTRAINT "wholesale_items_stock_check" CHECK ("wholesale_items"."stock_quantity" >= 0 AND "wholesale_items"."damaged_quantity" >= 0 AND "wholesale_items"."damaged_quantity" <= "wholesale_items"."stock_quantity"),
	CONSTRAINT "wholesale_items_threshold_check" CHECK ("wholesale_items"."low_stock_threshold" IS NULL OR "wholesale_items"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wholesale_option_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"min_select" integer DEFAULT 0 NOT NULL,
	"max_select" integer DEFAULT 1 NOT NULL,
	"enable_inventory_tracking" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wholesale_option_groups_select_check" CHECK ("wholesale_option_groups"."min_select" >= 0 AND "wholesale_option_groups"."max_select" >= 1 AND "wholesale_option_groups"."min_select" <= "wholesale_option_groups"."max_select")
);
--> statement-breakpoint
CREATE TABLE "wholesale_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_group_id" integer NOT NULL,
	"name" text NOT NULL,
	"additional_price_cents" integer DEFAULT 0 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wholesale_options_price_check" CHECK ("wholesale_options"."additional_price_cents" >= 0),
	CONSTRAINT "wholesale_options_stock_check" CHECK ("wholesale_options"."stock_quantity" >= 0 AND "wholesale_options"."damaged_quantity" >= 0 AND "wholesale_options"."damaged_quantity" <= "wholesale_options"."stock_quantity")
);
--> statement-breakpoint
CREATE TABLE "wholesale_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer,
	"variant_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sku" text,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	"variant_description" text,
	"selected_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"selected_option_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stock_taken" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wholesale_order_items_money_check" CHECK ("wholesale_order_items"."quantity" > 0 AND "wholesale_order_items"."unit_price_cents" >= 0 AND "wholesale_order_items"."line_total_cents" = "wholesale_order_items"."unit_price_cents" * "wholesale_order_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "wholesale_order_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wholesale_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"fundraiser_id" integer NOT NULL,
	"participant_id" integer,
	"user_id" integer,
	"order_number" text DEFAULT 'W-' || nextval('wholesale_order_number_seq')::text NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"total_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"shipping_address" text NOT NULL,
	"notes" text,
	"estimated_pickup_time" timestamp with time zone,
	"access_token" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wholesale_orders_status_check" CHECK ("wholesale_orders"."status" in ('pending', 'confirmed', 'processing', 'fulfilled', 'shipped', 'delivered', 'completed', 'cancelled')),
	CONSTRAINT "wholesale_orders_payment_status_check" CHECK ("wholesale_orders"."payment_status" in ('pending', 'paid', 'refunded')),
	CONSTRAINT "wholesale_orders_money_check" CHECK ("wholesale_orders"."total_cents" >= 0 AND "wholesale_orders"."refunded_cents" >= 0 AND "wholesale_orders"."refunded_cents" <= "wholesale_orders"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "wholesale_participant_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"fundraiser_id" integer NOT NULL,
	"participant_id" integer,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wholesale_participant_credits_order_kind_unique" UNIQUE("order_id","kind"),
	CONSTRAINT "wholesale_participant_credits_kind_check" CHECK (("wholesale_participant_credits"."kind" = 'sale' AND "wholesale_participant_credits"."amount_cents" >= 0) OR ("wholesale_participant_credits"."kind" = 'reversal' AND "wholesale_participant_credits"."amount_cents" <= 0))
);
--> statement-breakpoint
CREATE TABLE "wholesale_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"fundraiser_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"photo_url" text,
	"goal_cents" integer,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wholesale_participants_goal_check" CHECK ("wholesale_participants"."goal_cents" IS NULL OR "wholesale_participants"."goal_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_captured_has_order";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "wholesale_order_id" integer;--> statement-breakpoint
ALTER TABLE "wholesale_cart_lines" ADD CONSTRAINT "wholesale_cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_cart_lines" ADD CONSTRAINT "wholesale_cart_lines_fundraiser_id_wholesale_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."wholesale_fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_cart_lines" ADD CONSTRAINT "wholesale_cart_lines_item_id_wholesale_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wholesale_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_fundraisers" ADD CONSTRAINT "wholesale_fundraisers_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_item_variants" ADD CONSTRAINT "wholesale_item_variants_item_id_wholesale_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wholesale_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_items" ADD CONSTRAINT "wholesale_items_fundraiser_id_wholesale_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."wholesale_fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_option_groups" ADD CONSTRAINT "wholesale_option_groups_item_id_wholesale_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wholesale_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_options" ADD CONSTRAINT "wholesale_options_option_group_id_wholesale_option_groups_id_fk" FOREIGN KEY ("option_group_id") REFERENCES "public"."wholesale_option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_order_items" ADD CONSTRAINT "wholesale_order_items_order_id_wholesale_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."wholesale_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_order_items" ADD CONSTRAINT "wholesale_order_items_item_id_wholesale_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."wholesale_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_order_items" ADD CONSTRAINT "wholesale_order_items_variant_id_wholesale_item_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."wholesale_item_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_order_status_events" ADD CONSTRAINT "wholesale_order_status_events_order_id_wholesale_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."wholesale_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_order_status_events" ADD CONSTRAINT "wholesale_order_status_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_orders" ADD CONSTRAINT "wholesale_orders_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_orders" ADD CONSTRAINT "wholesale_orders_fundraiser_id_wholesale_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."wholesale_fundraisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_orders" ADD CONSTRAINT "wholesale_orders_participant_id_wholesale_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."wholesale_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_orders" ADD CONSTRAINT "wholesale_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_participant_credits" ADD CONSTRAINT "wholesale_participant_credits_fundraiser_id_wholesale_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."wholesale_fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_participant_credits" ADD CONSTRAINT "wholesale_participant_credits_participant_id_wholesale_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."wholesale_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_participant_credits" ADD CONSTRAINT "wholesale_participant_credits_order_id_wholesale_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."wholesale_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_participants" ADD CONSTRAINT "wholesale_participants_fundraiser_id_wholesale_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."wholesale_fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wholesale_fundraisers_restaurant_slug_unique" ON "wholesale_fundraisers" USING btree ("restaurant_id","slug");--> statement-breakpoint
CREATE INDEX "wholesale_items_fundraiser_idx" ON "wholesale_items" USING btree ("fundraiser_id","position");--> statement-breakpoint
CREATE INDEX "wholesale_option_groups_item_idx" ON "wholesale_option_groups" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "wholesale_options_group_idx" ON "wholesale_options" USING btree ("option_group_id","position");--> statement-breakpoint
CREATE INDEX "wholesale_order_items_order_idx" ON "wholesale_order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "wholesale_order_status_events_order_idx" ON "wholesale_order_status_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wholesale_orders_restaurant_idempotency_unique" ON "wholesale_orders" USING btree ("restaurant_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "wholesale_orders_number_unique" ON "wholesale_orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "wholesale_orders_user_idx" ON "wholesale_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wholesale_orders_fundraiser_idx" ON "wholesale_orders" USING btree ("fundraiser_id","created_at");--> statement-breakpoint
CREATE INDEX "wholesale_participant_credits_fundraiser_idx" ON "wholesale_participant_credits" USING btree ("fundraiser_id","participant_id");--> statement-breakpoint
CREATE INDEX "wholesale_participants_fundraiser_idx" ON "wholesale_participants" USING btree ("fundraiser_id","position");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_wholesale_order_id_wholesale_orders_id_fk" FOREIGN KEY ("wholesale_order_id") REFERENCES "public"."wholesale_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_wholesale_order_id_unique" ON "payments" USING btree ("wholesale_order_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_one_order_check" CHECK ("payments"."order_id" IS NULL OR "payments"."wholesale_order_id" IS NULL);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_captured_has_order" CHECK ("payments"."status" <> 'captured' OR "payments"."order_id" IS NOT NULL OR "payments"."wholesale_order_id" IS NOT NULL);
