ALTER TABLE "wholesale_participants" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "wholesale_participants" ADD CONSTRAINT "wholesale_participants_message_check" CHECK ("wholesale_participants"."message" IS NULL OR char_length("wholesale_participants"."message") <= 280);--> statement-breakpoint
ALTER TABLE "wholesale_orders" ADD COLUMN "pickup_reminder_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesale_orders" ADD COLUMN "pickup_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "wholesale_order_lookup_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wholesale_order_lookup_tokens" ADD CONSTRAINT "wholesale_order_lookup_tokens_order_id_wholesale_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."wholesale_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wholesale_order_lookup_tokens_hash_unique" ON "wholesale_order_lookup_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "wholesale_order_lookup_tokens_order_idx" ON "wholesale_order_lookup_tokens" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "wholesale_orders_pickup_reminder_idx" ON "wholesale_orders" USING btree ("fundraiser_id") WHERE "wholesale_orders"."pickup_reminder_opt_in" AND "wholesale_orders"."pickup_reminder_sent_at" IS NULL;
