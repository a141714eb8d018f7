/**
 * Who may change whose team account (issue #37, decision 0113). Pure rules without zod, read by
 * the API (the truth, checked inside the transaction that writes) and the admin screen (which
 * hides the buttons a rule refuses).
 */

export type TeamRole = 'staff' | 'admin';
export const TEAM_ROLES: readonly TeamRole[] = ['staff', 'admin'];

/** An invite link lives this long; a new invite to the same address retires the earlier one. */
export const INVITE_TTL_HOURS = 72;

export interface TeamActor {
  id: number;
  role: 'super_admin' | 'admin' | 'staff' | 'customer' | 'organiser';
  restaurantId: number;
}

export interface TeamTarget {
  id: number;
  role: 'super_admin' | 'admin' | 'staff' | 'customer' | 'organiser';
  restaurantId: number;
}

export type TeamChange = { kind: 'role'; role: TeamRole } | { kind: 'deactivate' } | { kind: 'reactivate' };

export const TeamMessages = {
  notTeamMember: 'Only staff and admin accounts are managed here.',
  superAdminUntouchable: 'A super admin account cannot be changed here.',
  notYourself: 'You cannot change your own role or deactivate yourself. Ask another admin.',
  otherRestaurant: 'This account belongs to another restaurant.',
  memberNotFound: 'Team member not found.',
  inviteNotFound: 'Invite not found.',
  inviteInvalid: 'This invite link is invalid or has expired. Ask your admin for a new one.',
  inviteAccepted: 'Welcome aboard! You are signed in.',
  emailHasAccount: 'An account with this email already exists. Invite another address, or change the role of the existing team member.',
  deactivated: 'This account has been deactivated. Ask an admin of your restaurant.',
} as const;

/**
 * Why `actor` may not make `change` to `target`, or null when allowed. Only admins and super
 * admins manage teams; an admin only within their own restaurant; nobody changes themselves
 * (no one locks themselves out or demotes themselves by a slip); super admins are never changed
 * here and nobody is raised above admin (TeamRole has no higher value).
 */
export function teamChangeRefusal(actor: TeamActor, target: TeamTarget, change: TeamChange): string | null {
  if (actor.role !== 'admin' && actor.role !== 'super_admin') return 'forbidden';
  if (actor.role === 'admin' && target.restaurantId !== actor.restaurantId) return TeamMessages.otherRestaurant;
  if (target.role === 'super_admin') return TeamMessages.superAdminUntouchable;
  if (target.role === 'customer' || target.role === 'organiser') return TeamMessages.notTeamMember;
  if (target.id === actor.id) return TeamMessages.notYourself;
  if (change.kind === 'role' && !TEAM_ROLES.includes(change.role)) return 'forbidden';
  return null;
}
