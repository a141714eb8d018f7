ALTER TABLE "wholesale_orders" ADD COLUMN "supporter_display" text DEFAULT 'anonymous' NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesale_orders" ADD COLUMN "donation_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesale_orders" ADD COLUMN "round_up_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesale_orders" ADD CONSTRAINT "wholesale_orders_supporter_display_check" CHECK ("wholesale_orders"."supporter_display" in ('name', 'anonymous'));--> statement-breakpoint
ALTER TABLE "wholesale_orders" ADD CONSTRAINT "wholesale_orders_donation_check" CHECK ("wholesale_orders"."donation_cents" >= 0 AND "wholesale_orders"."round_up_cents" >= 0 AND "wholesale_orders"."round_up_cents" < 100 AND "wholesale_orders"."donation_cents" + "wholesale_orders"."round_up_cents" <= "wholesale_orders"."total_cents");--> statement-breakpoint
ALTER TABLE "wholesale_participant_credits" DROP CONSTRAINT "wholesale_participant_credits_kind_check";--> statement-breakpoint
ALTER TABLE "wholesale_participant_credits" ADD CONSTRAINT "wholesale_participant_credits_kind_check" CHECK (("wholesale_participant_credits"."kind" in ('sale', 'donation') AND "wholesale_participant_credits"."amount_cents" >= 0) OR ("wholesale_participant_credits"."kind" = 'reversal' AND "wholesale_participant_credits"."amount_cents" <= 0));--> statement-breakpoint
ALTER TABLE "wholesale_participants" ADD COLUMN "notify_channel" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "wholesale_participants" ADD COLUMN "notify_contact" text;--> statement-breakpoint
ALTER TABLE "wholesale_participants" ADD CONSTRAINT "wholesale_participants_notify_check" CHECK ("wholesale_participants"."notify_channel" = 'none' OR "wholesale_participants"."notify_contact" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "wholesale_participants" ADD CONSTRAINT "wholesale_participants_notify_channel_check" CHECK ("wholesale_participants"."notify_channel" in ('none', 'sms', 'email'));
