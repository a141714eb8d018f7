CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"anonymous_id" text NOT NULL,
	"user_id" integer,
	"role" text,
	"type" text NOT NULL,
	"path" text NOT NULL,
	"target" text,
	"duration_ms" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_events_type_check" CHECK ("analytics_events"."type" in ('page_view', 'page_leave', 'click'))
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_restaurant_time_idx" ON "analytics_events" USING btree ("restaurant_id","occurred_at");