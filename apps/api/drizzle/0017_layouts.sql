CREATE TABLE "layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "layouts_restaurant_id_unique" UNIQUE("restaurant_id","id"),
	CONSTRAINT "layouts_name_check" CHECK (length(btrim("layouts"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "seat_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"layout_id" integer NOT NULL,
	"name" text NOT NULL,
	"section_type" text DEFAULT 'table' NOT NULL,
	"orientation" text DEFAULT 'vertical' NOT NULL,
	"offset_x" integer DEFAULT 100 NOT NULL,
	"offset_y" integer DEFAULT 100 NOT NULL,
	"floor_number" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_sections_id_layout_unique" UNIQUE("id","layout_id"),
	CONSTRAINT "seat_sections_type_check" CHECK ("seat_sections"."section_type" in ('table', 'counter')),
	CONSTRAINT "seat_sections_orientation_check" CHECK ("seat_sections"."orientation" in ('vertical', 'horizontal')),
	CONSTRAINT "seat_sections_floor_check" CHECK ("seat_sections"."floor_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"seat_section_id" integer NOT NULL,
	"layout_id" integer NOT NULL,
	"label" text NOT NULL,
	"position_x" integer DEFAULT 0 NOT NULL,
	"position_y" integer DEFAULT 0 NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seats_capacity_check" CHECK ("seats"."capacity" >= 1),
	CONSTRAINT "seats_label_check" CHECK (length(btrim("seats"."label")) > 0)
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "current_layout_id" integer;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "current_seat_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "layouts" ADD CONSTRAINT "layouts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_sections" ADD CONSTRAINT "seat_sections_layout_id_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."layouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_section_layout_fk" FOREIGN KEY ("seat_section_id","layout_id") REFERENCES "public"."seat_sections"("id","layout_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_sections_layout_idx" ON "seat_sections" USING btree ("layout_id");--> statement-breakpoint
CREATE INDEX "seats_section_idx" ON "seats" USING btree ("seat_section_id");--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_current_layout_fk" FOREIGN KEY ("id","current_layout_id") REFERENCES "public"."layouts"("restaurant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_seat_count_check" CHECK ("restaurants"."current_seat_count" >= 0);--> statement-breakpoint
-- Custom SQL (decision 0060): seat labels are unique within a layout. Deferred to commit, so a save
-- that swaps two seats' labels in one transaction passes; the service checks first and names the field.
ALTER TABLE "seats" ADD CONSTRAINT "seats_layout_label_unique" UNIQUE ("layout_id", "label") DEFERRABLE INITIALLY DEFERRED;
