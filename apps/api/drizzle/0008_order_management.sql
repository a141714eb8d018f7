CREATE TABLE "discount_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"discount_basis_points" integer NOT NULL,
	"discount_type" text DEFAULT 'percentage' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"description" text,
	"ui_color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_configurations_percentage_check" CHECK ("discount_configurations"."discount_basis_points" >= 0 AND "discount_configurations"."discount_basis_points" <= 10000),
	CONSTRAINT "discount_configurations_type_check" CHECK ("discount_configurations"."discount_type" in ('percentage')),
	CONSTRAINT "discount_configurations_display_order_check" CHECK ("discount_configurations"."display_order" >= 0),
	CONSTRAINT "discount_configurations_code_check" CHECK ("discount_configurations"."code" = upper("discount_configurations"."code"))
);
--> statement-breakpoint
CREATE TABLE "order_eta_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"previous_time" timestamp with time zone NOT NULL,
	"new_time" timestamp with time zone NOT NULL,
	"actor_user_id" integer,
	"notified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"restock" text NOT NULL,
	"restocked" boolean NOT NULL,
	CONSTRAINT "refund_lines_quantity_check" CHECK ("refund_lines"."quantity" > 0),
	CONSTRAINT "refund_lines_amount_check" CHECK ("refund_lines"."amount_cents" >= 0),
	CONSTRAINT "refund_lines_restock_check" CHECK ("refund_lines"."restock" in ('return', 'damaged'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"processor" text NOT NULL,
	"processor_refund_id" text,
	"amount_cents" integer NOT NULL,
	"full" boolean DEFAULT false NOT NULL,
	"restock" text NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" >= 0),
	CONSTRAINT "refunds_restock_check" CHECK ("refunds"."restock" in ('return', 'damaged')),
	CONSTRAINT "refunds_processor_check" CHECK ("refunds"."processor" in ('test', 'stripe', 'paypal'))
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"user_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_configurations" ADD CONSTRAINT "discount_configurations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_eta_events" ADD CONSTRAINT "order_eta_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_eta_events" ADD CONSTRAINT "order_eta_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_configurations_restaurant_code_unique" ON "discount_configurations" USING btree ("restaurant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_configurations_one_default" ON "discount_configurations" USING btree ("restaurant_id") WHERE "discount_configurations"."is_default";--> statement-breakpoint
CREATE INDEX "discount_configurations_restaurant_idx" ON "discount_configurations" USING btree ("restaurant_id","display_order");--> statement-breakpoint
CREATE INDEX "order_eta_events_order_idx" ON "order_eta_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refund_lines_refund_idx" ON "refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_lines_item_idx" ON "refund_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_processor_refund_unique" ON "refunds" USING btree ("processor","processor_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_members_restaurant_idx" ON "staff_members" USING btree ("restaurant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_restaurant_user_unique" ON "staff_members" USING btree ("restaurant_id","user_id") WHERE "staff_members"."user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_unacknowledged_idx" ON "orders" USING btree ("restaurant_id","id") WHERE "orders"."acknowledged_at" IS NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_refunded_check" CHECK ("order_items"."refunded_quantity" >= 0 AND "order_items"."refunded_quantity" <= "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("orders"."refunded_cents" >= 0 AND "orders"."refunded_cents" <= "orders"."total_cents");