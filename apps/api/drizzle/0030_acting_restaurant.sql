-- The restaurant a super admin's session acts for (issue #37; decision 0128): the admin dashboard's
-- tabs act on it. NULL: the user's own restaurant. Only read for super admins.
ALTER TABLE "sessions" ADD COLUMN "acting_restaurant_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_restaurant_id_restaurants_id_fk" FOREIGN KEY ("acting_restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE set null ON UPDATE no action;
