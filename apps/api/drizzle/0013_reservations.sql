CREATE TABLE "blocked_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"location_id" integer,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_periods_range_check" CHECK ("blocked_periods"."end_time" > "blocked_periods"."start_time"),
	CONSTRAINT "blocked_periods_status_check" CHECK ("blocked_periods"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "location_capacities" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"total_capacity" integer DEFAULT 26 NOT NULL,
	"default_table_capacity" integer DEFAULT 4 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_capacities_total_check" CHECK ("location_capacities"."total_capacity" > 0),
	CONSTRAINT "location_capacities_table_check" CHECK ("location_capacities"."default_table_capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"phone_number" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operating_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"open_time" time NOT NULL,
	"close_time" time NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operating_hours_day_check" CHECK ("operating_hours"."day_of_week" BETWEEN 0 AND 6)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_number" text GENERATED ALWAYS AS ('R-' || lpad(id::text, 6, '0')) STORED,
	"restaurant_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"party_size" integer NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text,
	"contact_email" text,
	"status" text DEFAULT 'booked' NOT NULL,
	"seat_preferences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seat_labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"special_requests" text,
	"guest_token" text NOT NULL,
	"source" text DEFAULT 'public' NOT NULL,
	"created_by_user_id" integer,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_party_size_check" CHECK ("reservations"."party_size" BETWEEN 1 AND 1000),
	CONSTRAINT "reservations_duration_check" CHECK ("reservations"."duration_minutes" BETWEEN 15 AND 1440),
	CONSTRAINT "reservations_range_check" CHECK ("reservations"."end_time" > "reservations"."start_time"),
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('booked', 'reserved', 'rejected', 'seated', 'finished', 'canceled', 'no_show')),
	CONSTRAINT "reservations_source_check" CHECK ("reservations"."source" in ('public', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "special_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"closed" boolean DEFAULT false NOT NULL,
	"exclusive_booking" boolean DEFAULT false NOT NULL,
	"max_capacity" integer,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "special_events_max_capacity_check" CHECK ("special_events"."max_capacity" IS NULL OR "special_events"."max_capacity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "blocked_periods" ADD CONSTRAINT "blocked_periods_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_periods" ADD CONSTRAINT "blocked_periods_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_capacities" ADD CONSTRAINT "location_capacities_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_capacities" ADD CONSTRAINT "location_capacities_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_hours" ADD CONSTRAINT "operating_hours_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_events" ADD CONSTRAINT "special_events_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocked_periods_restaurant_time_idx" ON "blocked_periods" USING btree ("restaurant_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "location_capacities_location_unique" ON "location_capacities" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "locations_restaurant_idx" ON "locations" USING btree ("restaurant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_one_default" ON "locations" USING btree ("restaurant_id") WHERE "locations"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "operating_hours_restaurant_day_unique" ON "operating_hours" USING btree ("restaurant_id","day_of_week");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_guest_token_unique" ON "reservations" USING btree ("guest_token");--> statement-breakpoint
CREATE INDEX "reservations_location_time_idx" ON "reservations" USING btree ("location_id","start_time");--> statement-breakpoint
CREATE INDEX "reservations_restaurant_time_idx" ON "reservations" USING btree ("restaurant_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "special_events_restaurant_date_unique" ON "special_events" USING btree ("restaurant_id","event_date");--> statement-breakpoint
-- Custom (issue #21): every existing restaurant gets a default, active location, so reservations
-- (location_id NOT NULL) work on a database that had restaurants before this migration.
INSERT INTO "locations" ("restaurant_id", "name", "address", "phone_number", "is_default", "is_active")
SELECT r."id", r."name", r."address", r."phone_number", true, true FROM "restaurants" r
WHERE NOT EXISTS (SELECT 1 FROM "locations" l WHERE l."restaurant_id" = r."id");
--> statement-breakpoint
-- Custom (issue #21): and the storefront's default hours, 11AM-9PM daily (storefront.md §9), until an admin edits them.
INSERT INTO "operating_hours" ("restaurant_id", "day_of_week", "open_time", "close_time", "closed")
SELECT r."id", d, '11:00', '21:00', false FROM "restaurants" r CROSS JOIN generate_series(0, 6) AS d
ON CONFLICT DO NOTHING;

