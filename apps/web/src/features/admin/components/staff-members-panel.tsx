import { useId, useState } from 'react';
import { Pencil, UserPlus, Users } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { OrderManagementMessages, type StaffMemberOutput } from '@kusina/domain/order-management';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useCreateStaffMember } from '../api/create-staff-member.ts';
import { useStaffMembers } from '../api/get-staff-members.ts';
import { useUpdateStaffMember } from '../api/update-staff-member.ts';
import { InlineNameForm, nameError } from '../../../components/ui/inline-name-form.tsx';

/** Staff members a staff order can be placed for: add, rename, deactivate and reactivate. */
export function StaffMembersPanel() {
  const headingId = useId();
  const members = useStaffMembers(true);
  const create = useCreateStaffMember();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const add = () => {
    if (!name.trim()) return setError(OrderManagementMessages.nameRequired);
    setError(undefined);
    create.mutate(
      { name: name.trim(), is_active: true },
      {
        onSuccess: (member) => {
          setName('');
          toast.success(`${member.name} added to the staff list.`);
        },
        onError: (failure) => setError(nameError(failure, 'Could not add the staff member. Please try again.')),
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6">
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          Staff members
        </h2>
        <p className="text-sm text-ink-muted">The people a staff order can be placed for. Deactivated members stay on their past orders.</p>
      </div>

      <form
        noValidate
        className="flex flex-wrap items-start gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextField label="New staff member" fieldClassName="min-w-0 flex-1" value={name} onChange={(event) => setName(event.target.value)} error={error} maxLength={120} required />
        <Button type="submit" className="sm:mt-7" loading={create.isPending} icon={<UserPlus aria-hidden="true" className="size-4" />}>
          Add
        </Button>
      </form>

      {members.isPending ? (
        <div role="status" className="space-y-2" aria-label="Loading staff members">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : members.isError ? (
        <Alert tone="error">{errorMessage(members.error, 'Could not load the staff members.')}</Alert>
      ) : members.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center text-ink-muted">
          <Users aria-hidden="true" className="size-8" />
          <p>No staff members yet. Add the first one above.</p>
        </div>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {members.data.map((member) => (
            <StaffMemberRow key={member.id} member={member} />
          ))}
        </ul>
      )}
    </section>
  );
}

function StaffMemberRow({ member }: { member: StaffMemberOutput }) {
  const update = useUpdateStaffMember();
  const [editing, setEditing] = useState(false);

  const toggle = () =>
    update.mutate(
      { id: member.id, is_active: !member.is_active },
      {
        onSuccess: (saved) => toast.success(saved.is_active ? `${saved.name} is active again.` : `${saved.name} was deactivated.`),
        onError: (failure) => toast.error(errorMessage(failure, 'Could not save the staff member. Please try again.')),
      },
    );

  if (editing) {
    return (
      <li className="p-3">
        <InlineNameForm
          label={`Name of ${member.name}`}
          defaultValue={member.name}
          requiredMessage={OrderManagementMessages.nameRequired}
          failedMessage="Could not save the staff member. Please try again."
          save={(name) => update.mutateAsync({ id: member.id, name }).then(() => toast.success('Staff member saved.'))}
          onClose={() => setEditing(false)}
        />
      </li>
    );
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="flex items-center gap-2">
        <span className="font-semibold">{member.name}</span>
        {member.is_active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)} icon={<Pencil aria-hidden="true" className="size-4" />} aria-label={`Edit ${member.name}`}>
          Edit
        </Button>
        <Button variant="secondary" size="sm" onClick={toggle} loading={update.isPending} aria-label={`${member.is_active ? 'Deactivate' : 'Reactivate'} ${member.name}`}>
          {member.is_active ? 'Deactivate' : 'Reactivate'}
        </Button>
      </div>
    </li>
  );
}
