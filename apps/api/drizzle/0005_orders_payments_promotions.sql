CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"value" integer NOT NULL,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"current_uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_upper" CHECK ("promo_codes"."code" = upper("promo_codes"."code")),
	CONSTRAINT "promo_codes_type_check" CHECK ("promo_codes"."discount_type" in ('percent', 'amount')),
	CONSTRAINT "promo_codes_value_check" CHECK ("promo_codes"."value" > 0 AND ("promo_codes"."discount_type" <> 'percent' OR "promo_codes"."value" <= 100)),
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."current_uses" >= 0 AND ("promo_codes"."max_uses" IS NULL OR ("promo_codes"."max_uses" > 0 AND "promo_codes"."current_uses" <= "promo_codes"."max_uses")))
);
--> statement-breakpoint
CREATE TABLE "vip_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"max_uses" integer,
	"current_uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_codes_code_upper" CHECK ("vip_codes"."code" = upper("vip_codes"."code")),
	CONSTRAINT "vip_codes_uses_check" CHECK ("vip_codes"."current_uses" >= 0 AND ("vip_codes"."max_uses" IS NULL OR ("vip_codes"."max_uses" > 0 AND "vip_codes"."current_uses" <= "vip_codes"."max_uses")))
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_type" text DEFAULT 'food' NOT NULL,
	"menu_item_id" integer,
	"variant_id" integer,
	"variant_details" jsonb,
	"name" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	"customizations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"selected_option_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"notes" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_items_type_check" CHECK ("order_items"."item_type" in ('food', 'merchandise')),
	CONSTRAINT "order_items_money_check" CHECK ("order_items"."quantity" > 0 AND "order_items"."unit_price_cents" >= 0 AND "order_items"."line_total_cents" = "order_items"."unit_price_cents" * "order_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "order_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"user_id" integer,
	"order_number" text DEFAULT 'K-' || nextval('order_number_seq')::text NOT NULL,
	"status" text NOT NULL,
	"food_subtotal_cents" integer NOT NULL,
	"merchandise_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"promo_code_id" integer,
	"promo_code" text,
	"vip_code_id" integer,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_email" text NOT NULL,
	"special_instructions" text,
	"requires_advance_notice" boolean DEFAULT false NOT NULL,
	"max_advance_notice_hours" integer,
	"estimated_pickup_time" timestamp with time zone NOT NULL,
	"is_staff_order" boolean DEFAULT false NOT NULL,
	"staff_member_name" text,
	"location_name" text,
	"location_address" text,
	"access_token" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'confirmed', 'preparing', 'ready', 'completed', 'cancelled', 'refunded')),
	CONSTRAINT "orders_money_check" CHECK ("orders"."food_subtotal_cents" >= 0 AND "orders"."merchandise_subtotal_cents" >= 0 AND "orders"."subtotal_cents" = "orders"."food_subtotal_cents" + "orders"."merchandise_subtotal_cents" AND "orders"."discount_cents" >= 0 AND "orders"."discount_cents" <= "orders"."subtotal_cents" AND "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents"),
	CONSTRAINT "orders_staff_check" CHECK (NOT "orders"."is_staff_order" OR "orders"."staff_member_name" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" integer NOT NULL,
	"processor" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'requires_confirmation' NOT NULL,
	"transaction_id" text,
	"payment_intent_id" text,
	"order_id" integer,
	"payment_method" text DEFAULT 'credit_card' NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"failure_message" text,
	"quote_hash" text NOT NULL,
	"authorized_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" >= 0),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('requires_confirmation', 'authorized', 'captured', 'failed', 'voided', 'refunded')),
	CONSTRAINT "payments_processor_check" CHECK ("payments"."processor" in ('test', 'stripe', 'paypal')),
	CONSTRAINT "payments_card_last4_check" CHECK ("payments"."card_last4" IS NULL OR "payments"."card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payments_captured_has_order" CHECK ("payments"."status" <> 'captured' OR "payments"."order_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_codes" ADD CONSTRAINT "vip_codes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vip_code_id_vip_codes_id_fk" FOREIGN KEY ("vip_code_id") REFERENCES "public"."vip_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_restaurant_code_unique" ON "promo_codes" USING btree ("restaurant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_codes_restaurant_code_unique" ON "vip_codes" USING btree ("restaurant_id","code");--> statement-breakpoint
CREATE INDEX "vip_codes_restaurant_idx" ON "vip_codes" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_status_events_order_idx" ON "order_status_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_restaurant_number_unique" ON "orders" USING btree ("restaurant_id","order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_restaurant_idempotency_key_unique" ON "orders" USING btree ("restaurant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_restaurant_created_idx" ON "orders" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_id_unique" ON "payments" USING btree ("processor","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_intent_id_unique" ON "payments" USING btree ("processor","payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_id_unique" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_restaurant_idx" ON "payments" USING btree ("restaurant_id","created_at");