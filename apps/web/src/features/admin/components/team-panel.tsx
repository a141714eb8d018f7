import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailPlus, ShieldCheck, UserX } from 'lucide-react';
import { InviteInput, type InviteOutput, type TeamMemberOutput } from '@kusina/domain/team';
import { INVITE_TTL_HOURS, teamChangeRefusal, type TeamRole } from '@kusina/domain/team-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage, showSaveError } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useTeam } from '../api/get-team.ts';
import { useInviteTeamMember } from '../api/invite-team-member.ts';
import { useRevokeTeamInvite } from '../api/revoke-team-invite.ts';
import { useUpdateTeamMember } from '../api/update-team-member.ts';

const ROLE_LABEL: Record<TeamMemberOutput['role'], string> = { staff: 'Staff', admin: 'Admin', super_admin: 'Super admin' };

/**
 * Team accounts (issue #37): who can sign in to the back office. Invite by e-mail (the link goes
 * through the outbox), change a role between staff and admin, deactivate (their sessions end at
 * once) and reactivate. The buttons a rule refuses (yourself, a super admin) are not offered; the
 * server checks the same rules (teamChangeRefusal).
 */
export function TeamPanel() {
  const team = useTeam();
  return (
    <div className="space-y-6">
      <InviteForm />
      <section aria-labelledby="team-members-heading" className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6">
        <div>
          <h2 id="team-members-heading" className="text-xl font-bold">
            Team members
          </h2>
          <p className="text-sm text-ink-muted">Everyone who can sign in to the back office, with their last sign-in.</p>
        </div>
        {team.isPending ? (
          <div role="status" aria-label="Loading the team" className="space-y-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : team.isError ? (
          <Alert tone="error">{errorMessage(team.error, 'Could not load the team.')}</Alert>
        ) : (
          <>
            <ul className="divide-y divide-line rounded-xl border border-line">
              {team.data.members.map((member) => (
                <MemberRow key={member.id} member={member} />
              ))}
            </ul>
            <PendingInvites invites={team.data.invites} />
          </>
        )}
      </section>
    </div>
  );
}

function InviteForm() {
  const headingId = useId();
  const invite = useInviteTeamMember();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(InviteInput), defaultValues: { email: '', role: 'staff' as TeamRole } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const sent = await invite.mutateAsync(values);
      toast.success(`Invite sent to ${sent.email}.`);
      reset({ email: '', role: values.role });
    } catch (error) {
      showSaveError(error, setError, ['email', 'role'], 'Could not send the invite. Please try again.');
    }
  });

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6">
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          Invite a team member
        </h2>
        <p className="text-sm text-ink-muted">They get an e-mail with a link to choose a password. The link works once, for {INVITE_TTL_HOURS} hours.</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        {errors.root?.message ? (
          <Alert tone="error" className="sm:col-span-3">
            {errors.root.message}
          </Alert>
        ) : null}
        <TextField label="Email" type="email" autoComplete="off" required error={errors.email?.message} {...register('email')} />
        <FormField label="Role" error={errors.role?.message}>
          {(control) => (
            <Select {...control} {...register('role')}>
              <option value="staff">Staff</option>
              <option value="admin">Admin</option>
            </Select>
          )}
        </FormField>
        <Button type="submit" className="sm:mt-7" loading={isSubmitting} icon={<MailPlus aria-hidden="true" className="size-4" />}>
          Send invite
        </Button>
      </form>
    </section>
  );
}

type PendingChange = { kind: 'role'; role: TeamRole } | { kind: 'deactivate' } | { kind: 'reactivate' };

function MemberRow({ member }: { member: TeamMemberOutput }) {
  const me = useAuthStore((state) => state.user);
  const update = useUpdateTeamMember();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const actor = me ? { id: me.id, role: me.role, restaurantId: me.restaurant_id } : null;
  const target = { id: member.id, role: member.role, restaurantId: member.restaurant_id };
  const canChange = actor !== null && teamChangeRefusal(actor, target, { kind: 'reactivate' }) === null;
  const otherRole: TeamRole = member.role === 'admin' ? 'staff' : 'admin';

  const confirm = () => {
    if (!pending) return;
    const body = pending.kind === 'role' ? { role: pending.role } : { active: pending.kind === 'reactivate' };
    update.mutate(
      { id: member.id, ...body },
      {
        onSuccess: () => {
          toast.success(
            pending.kind === 'role' ? `${member.name} is now ${ROLE_LABEL[pending.role].toLowerCase()}.` : pending.kind === 'deactivate' ? `${member.name} can no longer sign in.` : `${member.name} can sign in again.`,
          );
          setPending(null);
        },
        onError: (error) => {
          toast.error(errorMessage(error, 'Could not change the team member. Please try again.'));
          setPending(null);
        },
      },
    );
  };

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 sm:p-4">
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="break-words">{member.name || member.email}</span>
          <Badge tone={member.role === 'staff' ? 'neutral' : 'brand'}>{ROLE_LABEL[member.role]}</Badge>
          {member.active ? null : <Badge tone="danger">Deactivated</Badge>}
          {me?.id === member.id ? <Badge tone="info">You</Badge> : null}
        </p>
        <p className="text-sm break-all text-ink-muted">{member.email}</p>
        <p className="text-sm text-ink-muted">Last sign-in: {member.last_sign_in_at ? <time dateTime={member.last_sign_in_at}>{formatDateTime(member.last_sign_in_at)}</time> : 'never'}</p>
      </div>
      {canChange ? (
        <div className="flex flex-wrap gap-2">
          {member.active ? (
            <>
              <Button variant="secondary" size="sm" icon={<ShieldCheck aria-hidden="true" className="size-4" />} onClick={() => setPending({ kind: 'role', role: otherRole })} aria-label={`Make ${member.name} ${otherRole}`}>
                Make {otherRole}
              </Button>
              <Button variant="danger" size="sm" icon={<UserX aria-hidden="true" className="size-4" />} onClick={() => setPending({ kind: 'deactivate' })} aria-label={`Deactivate ${member.name}`}>
                Deactivate
              </Button>
            </>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => setPending({ kind: 'reactivate' })} aria-label={`Reactivate ${member.name}`}>
              Reactivate
            </Button>
          )}
        </div>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'deactivate' ? `Deactivate ${member.name}?` : pending?.kind === 'reactivate' ? `Reactivate ${member.name}?` : `Make ${member.name} ${otherRole}?`}
        message={
          pending?.kind === 'deactivate'
            ? 'They are signed out everywhere at once and cannot sign in until reactivated.'
            : pending?.kind === 'reactivate'
              ? 'They can sign in again with their password.'
              : `They are signed out and sign in again with ${otherRole === 'admin' ? 'admin rights' : 'staff rights only'}.`
        }
        confirmLabel={pending?.kind === 'deactivate' ? 'Deactivate' : pending?.kind === 'reactivate' ? 'Reactivate' : `Make ${otherRole}`}
        destructive={pending?.kind === 'deactivate'}
        busy={update.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </li>
  );
}

function PendingInvites({ invites }: { invites: InviteOutput[] }) {
  const revoke = useRevokeTeamInvite();
  const [withdrawing, setWithdrawing] = useState<InviteOutput | null>(null);
  if (invites.length === 0) return <p className="text-sm text-ink-muted">No open invites.</p>;
  return (
    <div className="space-y-2">
      <h3 className="font-bold">Open invites</h3>
      <ul className="divide-y divide-line rounded-xl border border-line">
        {invites.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 sm:p-4">
            <div className="min-w-0 flex-1 basis-56">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                <span className="break-all">{invite.email}</span>
                <Badge tone="warning">Invited · {ROLE_LABEL[invite.role]}</Badge>
              </p>
              <p className="text-sm text-ink-muted">
                {invite.invited_by ? `By ${invite.invited_by} · ` : ''}link works until <time dateTime={invite.expires_at}>{formatDateTime(invite.expires_at)}</time>
              </p>
            </div>
            <Button variant="secondary" size="sm" onClick={() => setWithdrawing(invite)} aria-label={`Withdraw the invite to ${invite.email}`}>
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw this invite?"
        message={`The link sent to ${withdrawing?.email ?? ''} stops working.`}
        confirmLabel="Withdraw"
        destructive
        busy={revoke.isPending}
        onConfirm={() =>
          withdrawing &&
          revoke.mutate(withdrawing.id, {
            onSuccess: () => toast.success('Invite withdrawn.'),
            onError: (error) => toast.error(errorMessage(error, 'Could not withdraw the invite.')),
            onSettled: () => setWithdrawing(null),
          })
        }
        onCancel={() => setWithdrawing(null)}
      />
    </div>
  );
}
