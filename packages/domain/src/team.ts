import { z } from 'zod';
import { emailSchema } from './accounts.ts';
import { coercedInt4 } from './integers.ts';
import { passwordSchema } from './password.ts';
import { AccountMessages } from './messages.ts';
import { TEAM_ROLES, type TeamRole } from './team-rules.ts';

/** Team accounts, invites and the audit log (issue #37, decision 0113): the API's contracts. */

export const teamRoleSchema = z.enum(TEAM_ROLES as unknown as [TeamRole, ...TeamRole[]], { error: 'Choose staff or admin' });

const personName = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(100, `${label} is too long`);

export const TeamQuery = z.object({ restaurant_id: coercedInt4().positive().optional() });

export const InviteInput = z.object({
  restaurant_id: z.int32().positive().optional(),
  email: emailSchema,
  role: teamRoleSchema,
});
export type InviteInput = z.infer<typeof InviteInput>;

export const TeamMemberOutput = z.object({
  id: z.int32(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['super_admin', 'admin', 'staff']),
  restaurant_id: z.int32(),
  active: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type TeamMemberOutput = z.infer<typeof TeamMemberOutput>;

export const InviteOutput = z.object({
  id: z.int32(),
  email: z.string(),
  role: teamRoleSchema,
  restaurant_id: z.int32(),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type InviteOutput = z.infer<typeof InviteOutput>;

export const TeamOutput = z.object({ members: z.array(TeamMemberOutput), invites: z.array(InviteOutput) });
export type TeamOutput = z.infer<typeof TeamOutput>;

export const MemberUpdateInput = z
  .object({ role: teamRoleSchema.optional(), active: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.active !== undefined, { message: 'Nothing to change' });
export type MemberUpdateInput = z.infer<typeof MemberUpdateInput>;

export const InviteLinkInput = z.object({
  email: z.string().trim().min(1).max(254).transform((v) => v.toLowerCase()),
  token: z.string().trim().min(1).max(200),
});

/** An organiser's invite (decision 0124) names the fundraiser they will manage. */
export const InvitePreviewOutput = z.object({
  email: z.string(),
  role: z.enum(['staff', 'admin', 'organiser']),
  restaurant_name: z.string(),
  fundraiser_name: z.string().nullable().optional(),
  expires_at: z.string(),
});
export type InvitePreviewOutput = z.infer<typeof InvitePreviewOutput>;

export const AcceptInviteInput = InviteLinkInput.extend({
  first_name: personName('First name'),
  last_name: personName('Last name'),
  password: passwordSchema,
  password_confirmation: z.string({ error: 'Confirm your password' }),
}).refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: AccountMessages.passwordsDoNotMatch });
export type AcceptInviteInput = z.infer<typeof AcceptInviteInput>;

export const AuditEntryOutput = z.object({
  id: z.int32(),
  restaurant_id: z.int32(),
  actor: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  summary: z.string(),
  created_at: z.string(),
});
export type AuditEntryOutput = z.infer<typeof AuditEntryOutput>;

export const AuditQuery = TeamQuery.extend({ before_id: coercedInt4().positive().optional(), limit: coercedInt4().min(1).max(200).default(50) });
export const AuditListOutput = z.object({ entries: z.array(AuditEntryOutput), next_before_id: z.int32().nullable() });
export type AuditListOutput = z.infer<typeof AuditListOutput>;
