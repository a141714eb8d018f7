import { useId, useState } from 'react';
import { Percent, Plus } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import type { DiscountConfigurationOutput } from '@kusina/domain/order-management';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useDeleteDiscountConfiguration } from '../api/delete-discount-configuration.ts';
import { useDiscountConfigurations } from '../api/get-discount-configurations.ts';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { DiscountConfigurationForm } from './discount-configuration-form.tsx';

/** The swatch of a configuration's ui_color (a CSS colour the server accepted), next to its name. */
function Swatch({ color }: { color: string | null }) {
  if (!color) return null;
  return <span aria-hidden="true" className="inline-block size-4 shrink-0 rounded-full border border-line-strong" style={{ backgroundColor: color }} />;
}

/**
 * Staff discount options (backoffice-reservations.md §3 Discount configuration, §5): e.g. on duty
 * and off duty percentages. Listed in display order; add, edit and delete through a form.
 */
export function DiscountConfigurationsPanel() {
  const headingId = useId();
  const discounts = useDiscountConfigurations();
  const remove = useDeleteDiscountConfiguration();
  const [editing, setEditing] = useState<DiscountConfigurationOutput | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DiscountConfigurationOutput | null>(null);
  const sorted = [...(discounts.data ?? [])].sort((a, b) => a.display_order - b.display_order || a.name.localeCompare(b.name));

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-bold">
            Staff Discount Options
          </h2>
          <p className="text-sm text-ink-muted">The discounts a staff order can use, such as on duty and off duty. Only one is the default.</p>
        </div>
        <Button onClick={() => setEditing('new')} icon={<Plus aria-hidden="true" className="size-4" />}>
          Add discount
        </Button>
      </div>

      {discounts.isPending ? (
        <div role="status" className="space-y-2" aria-label="Loading discounts">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : discounts.isError ? (
        <Alert tone="error">{errorMessage(discounts.error, 'Failed to load settings.')}</Alert>
      ) : sorted.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center text-ink-muted">
          <Percent aria-hidden="true" className="size-8" />
          <p>No staff discounts yet. Add one, for example On Duty at 50%.</p>
        </div>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-line">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Staff discount options</caption>
            <thead className="bg-surface-muted">
              <tr>
                <th scope="col" className="px-3 py-2">Name</th>
                <th scope="col" className="px-3 py-2">Code</th>
                <th scope="col" className="px-3 py-2 text-right">Discount</th>
                <th scope="col" className="px-3 py-2">Status</th>
                <th scope="col" className="px-3 py-2 text-right">Order</th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {sorted.map((discount) => (
                <tr key={discount.id}>
                  <td className="px-3 py-2">
                    <span className="flex items-center gap-2 font-semibold">
                      <Swatch color={discount.ui_color} />
                      {discount.name}
                    </span>
                    {discount.description ? <span className="block text-ink-muted">{discount.description}</span> : null}
                  </td>
                  <td className="px-3 py-2 font-mono">{discount.code}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{discount.discount_percentage}%</td>
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap gap-1">
                      {discount.is_active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}
                      {discount.is_default ? <Badge tone="brand">Default</Badge> : null}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{discount.display_order}</td>
                  <td className="px-3 py-2">
                    <span className="flex justify-end gap-2">
                      <Button variant="secondary" size="sm" onClick={() => setEditing(discount)} aria-label={`Edit ${discount.name}`}>
                        Edit
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setDeleting(discount)} aria-label={`Delete ${discount.name}`}>
                        Delete
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))} title={editing === 'new' ? 'Add staff discount' : `Edit ${editing?.name ?? 'discount'}`}>
        {editing !== null ? (
          <DiscountConfigurationForm
            key={editing === 'new' ? 'new' : editing.id}
            discount={editing === 'new' ? null : editing}
            onSaved={(saved) => {
              toast.success(`Discount ${saved.name} saved.`);
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dialog>

      <ConfirmDeleteDialog
        target={deleting}
        what="discount"
        description="Orders that used it keep their discount."
        remove={(discount) => remove.mutateAsync(discount.id)}
        deletedMessage={(discount) => `Discount ${discount.name} deleted.`}
        failedMessage="Could not delete the discount. Please try again."
        onClose={() => setDeleting(null)}
      >
        <p>This removes the discount from the options staff can choose.</p>
      </ConfirmDeleteDialog>
    </section>
  );
}
