import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { ReservationMessages } from '@kusina/domain/reservation-rules';
import type { LocationCapacityOutput } from '@kusina/domain/reservations';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { saveCapacity } from '../api/save-capacity.ts';
import { settingsKey } from '../api/settings-key.ts';
import { useCapacities } from '../api/get-capacities.ts';
import { failureMessage } from '../../../lib/failure-message.ts';

export const SAVE_CAPACITY_FAILED = 'Failed to save capacity. Please try again.';

/** Location Capacities (backoffice §2, §5). */
export function LocationCapacities() {
  const list = useCapacities();
  const [editing, setEditing] = useState<LocationCapacityOutput | null>(null);
  return (
    <section aria-labelledby="capacities-title" className="space-y-4">
      <h2 id="capacities-title" className="font-display text-2xl font-bold">Location Capacities</h2>
      {list.isPending ? (
        <Spinner size="lg" label="Loading location capacities..." />
      ) : list.isError ? (
        <Alert tone="error">Failed to load location capacities. Please try again.</Alert>
      ) : list.data.length === 0 ? (
        <Alert tone="info">No locations found. Please create locations first.</Alert>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-line">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="bg-surface-muted">
              <tr>
                <th scope="col" className="px-3 py-2">Location</th>
                <th scope="col" className="px-3 py-2">Total Capacity</th>
                <th scope="col" className="px-3 py-2">Default Table Capacity</th>
                <th scope="col" className="px-3 py-2">Status</th>
                <th scope="col" className="px-3 py-2">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((c) => (
                <tr key={c.location_id} className="border-t border-line">
                  <td className="px-3 py-2 font-semibold">{c.location.name}</td>
                  <td className="px-3 py-2">{c.total_capacity}</td>
                  <td className="px-3 py-2">{c.default_table_capacity}</td>
                  <td className="px-3 py-2"><Badge tone={c.is_active ? 'success' : 'neutral'}>{c.is_active ? 'Active' : 'Inactive'}</Badge></td>
                  <td className="px-3 py-2">
                    <Button size="sm" variant="secondary" aria-label={`Edit capacity of ${c.location.name}`} onClick={() => setEditing(c)}>Edit</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? <CapacityDialog capacity={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function CapacityDialog({ capacity, onClose }: { capacity: LocationCapacityOutput; onClose(): void }) {
  const queryClient = useQueryClient();
  const [total, setTotal] = useState(String(capacity.total_capacity));
  const [table, setTable] = useState(String(capacity.default_table_capacity));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!(Number(total) > 0)) found.total = ReservationMessages.totalCapacity;
    if (!(Number(table) > 0)) found.table = ReservationMessages.tableCapacity;
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await saveCapacity(capacity, { total_capacity: Number(total), default_table_capacity: Number(table) });
      toast.success('Capacity saved.');
      await queryClient.invalidateQueries({ queryKey: settingsKey });
      onClose();
    } catch (error) {
      // The spec's words with the server's reason; a field it names is marked in the form.
      toast.error(failureMessage(SAVE_CAPACITY_FAILED, error), { style: { whiteSpace: 'pre-line' } });
      if (error instanceof ApiError) {
        const { total_capacity: totalError, default_table_capacity: tableError } = error.fields;
        setErrors({ ...(totalError ? { total: totalError } : {}), ...(tableError ? { table: tableError } : {}) });
      }
    } finally {
      setSaving(false);
    }
  };
  const digits = (v: string) => v.replace(/\D/g, '');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={capacity.location.name}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" form="capacity-form" loading={saving}>Save</Button>
        </div>
      }
    >
      <form id="capacity-form" className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Total Capacity" inputMode="numeric" min={1} value={total} onChange={(e) => setTotal(digits(e.target.value))} error={errors.total} />
        <TextField label="Default Table Capacity" inputMode="numeric" min={1} value={table} onChange={(e) => setTable(digits(e.target.value))} error={errors.table} />
      </form>
    </Dialog>
  );
}
