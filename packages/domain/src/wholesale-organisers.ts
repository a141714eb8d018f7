import { z } from 'zod';
import { emailSchema } from './accounts.ts';

/** Organiser access to a fundraiser (issue #36 item 5, decision 0124): the management API's contracts. */

export const OrganiserInviteInput = z.object({ email: emailSchema });
export type OrganiserInviteInput = z.infer<typeof OrganiserInviteInput>;

export const OrganiserOutput = z.object({
  user_id: z.int32(),
  email: z.string(),
  name: z.string(),
  active: z.boolean(),
  last_sign_in_at: z.string().nullable(),
});
export type OrganiserOutput = z.infer<typeof OrganiserOutput>;

export const OrganiserInviteOutput = z.object({ id: z.int32(), email: z.string(), expires_at: z.string() });
export type OrganiserInviteOutput = z.infer<typeof OrganiserInviteOutput>;

export const OrganisersOutput = z.object({ organisers: z.array(OrganiserOutput), invites: z.array(OrganiserInviteOutput) });
export type OrganisersOutput = z.infer<typeof OrganisersOutput>;

/** What inviting did: an invite e-mailed to a new address, or an existing organiser of the restaurant assigned at once (and told by e-mail). */
export const OrganiserInviteResult = z.object({ outcome: z.enum(['invited', 'assigned']), email: z.string() });
export type OrganiserInviteResult = z.infer<typeof OrganiserInviteResult>;

export const OrganiserMessages = {
  emailHasAccount: 'An account with this email already exists and is not an organiser of this restaurant. Invite another address.',
  notAssigned: 'This person does not organise this fundraiser.',
} as const;
