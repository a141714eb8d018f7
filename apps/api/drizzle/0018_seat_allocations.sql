CREATE TABLE "seat_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"seat_id" integer NOT NULL,
	"occupant_type" text NOT NULL,
	"occupant_id" integer NOT NULL,
	"status" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_allocations_range_check" CHECK ("seat_allocations"."end_time" > "seat_allocations"."start_time"),
	CONSTRAINT "seat_allocations_occupant_type_check" CHECK ("seat_allocations"."occupant_type" in ('reservation', 'waitlist')),
	CONSTRAINT "seat_allocations_status_check" CHECK ("seat_allocations"."status" in ('reserved', 'seated', 'finished', 'no_show', 'canceled')),
	CONSTRAINT "seat_allocations_live_check" CHECK (("seat_allocations"."released_at" IS NULL) = ("seat_allocations"."status" in ('reserved', 'seated')))
);
--> statement-breakpoint
ALTER TABLE "seat_allocations" ADD CONSTRAINT "seat_allocations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_allocations" ADD CONSTRAINT "seat_allocations_seat_id_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_allocations_restaurant_time_idx" ON "seat_allocations" USING btree ("restaurant_id","start_time");--> statement-breakpoint
CREATE INDEX "seat_allocations_occupant_idx" ON "seat_allocations" USING btree ("occupant_type","occupant_id");--> statement-breakpoint
-- Custom SQL (decision 0067): the database itself refuses double-seating. Two live allocations
-- (released_at IS NULL) of one seat may never overlap in time; btree_gist lets GiST compare seat_id
-- with = beside the range's &&. The embedded PostgreSQL ships btree_gist.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "seat_allocations" ADD CONSTRAINT "seat_allocations_no_overlap" EXCLUDE USING gist ("seat_id" WITH =, tstzrange("start_time", "end_time") WITH &&) WHERE ("released_at" IS NULL);
