import { z } from 'zod';

/*
 * The super admin's restaurant picker (issue #37; decision 0128): the super admin sees every
 * restaurant and picks the one the admin dashboard acts for; the pick is kept on the session, so
 * every tab (and every node) follows it. Admins never see it.
 */

export const RestaurantChoice = z.object({ id: z.int(), name: z.string() });
export type RestaurantChoice = z.infer<typeof RestaurantChoice>;

export const RestaurantChoicesOutput = z.object({
  restaurants: z.array(RestaurantChoice),
  /** The restaurant the session acts for now. */
  acting_restaurant_id: z.int(),
});
export type RestaurantChoicesOutput = z.infer<typeof RestaurantChoicesOutput>;

export const ActingRestaurantInput = z.object({ restaurant_id: z.number().int().min(1).max(2147483647) });
export type ActingRestaurantInput = z.infer<typeof ActingRestaurantInput>;
