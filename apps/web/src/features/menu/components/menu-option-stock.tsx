import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { MenuItemOutput, OptionGroupOutput, OptionOutput } from '@kusina/domain/menu';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useUpdateOptionStock } from '../api/update-option-stock.ts';

export const OptionStockMessages = {
  wholeNumber: 'Enter a whole number of 0 or more',
  saveFailed: 'Could not change the option. Please try again.',
  saved: (name: string) => `Stock of ${name} saved.`,
  soldOut: (name: string) => `${name} is marked sold out.`,
  back: (name: string) => `${name} is available again.`,
} as const;

/**
 * The options of a dish in the staff's Menu stock tab (decision 0072): each option's sold-out
 * switch and, when its group tracks inventory (storefront.md §5: out-of-stock options are hidden),
 * its stock count. Both go through PATCH /options/:id/stock, which the server allows staff and
 * checks in the transaction that writes; open menus follow through menu_update.
 */
export function OptionStockPanel({ item, id }: { item: MenuItemOutput; id: string }) {
  return (
    <div id={id} className="space-y-3 rounded-lg border border-line bg-surface p-3">
      {item.option_groups.map((group) => (
        <OptionGroupStock key={group.id} group={group} />
      ))}
    </div>
  );
}

function OptionGroupStock({ group }: { group: OptionGroupOutput }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-1">
      <h4 id={headingId} className="text-sm font-bold">
        {group.name}
        <span className="font-normal text-ink-muted">{group.enable_inventory_tracking ? ' · stock tracked' : ' · stock not tracked'}</span>
      </h4>
      {group.options.length === 0 ? (
        <p className="text-sm text-ink-muted">No options.</p>
      ) : (
        <ul className="divide-y divide-line">
          {group.options.map((option) => (
            <OptionStockRow key={option.id} option={option} tracked={group.enable_inventory_tracking} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OptionStockRow({ option, tracked }: { option: OptionOutput; tracked: boolean }) {
  const switchOff = useUpdateOptionStock();
  const count = useUpdateOptionStock();
  const [pendingSoldOut, setPendingSoldOut] = useState<boolean | null>(null);
  const soldOut = pendingSoldOut ?? !option.available;
  const [value, setValue] = useState(String(option.stock_quantity));
  const [error, setError] = useState<string | undefined>(undefined);

  const toggle = (next: boolean) => {
    setPendingSoldOut(next);
    switchOff.mutate(
      { id: option.id, input: { available: !next } },
      {
        onSuccess: (saved) => toast.success(saved.available ? OptionStockMessages.back(saved.name) : OptionStockMessages.soldOut(saved.name)),
        onError: (failure) => toast.error(errorMessage(failure, OptionStockMessages.saveFailed)),
        onSettled: () => setPendingSoldOut(null),
      },
    );
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!/^\d+$/.test(typed)) {
      setError(OptionStockMessages.wholeNumber);
      return;
    }
    setError(undefined);
    count.mutate(
      { id: option.id, input: { stock_quantity: Number(typed) } },
      {
        onSuccess: (saved) => toast.success(OptionStockMessages.saved(saved.name)),
        onError: (failure) => {
          const fields = failure instanceof ApiError ? failure.fields : {};
          const message = fields.stock_quantity ?? fields.damaged_quantity;
          if (message) setError(message);
          else toast.error(errorMessage(failure, OptionStockMessages.saveFailed));
        },
      },
    );
  };

  return (
    <li data-testid="option-stock" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2 text-sm">
      <div className="min-w-0">
        <span className="font-semibold">{option.name}</span>{' '}
        {tracked ? (
          <span className="text-ink-muted">
            {option.available_quantity ?? 0} available
            {option.damaged_quantity > 0 ? ` (${option.damaged_quantity} damaged)` : ''}
          </span>
        ) : null}
        {option.available ? null : (
          <Badge tone="danger" className="ml-1">
            Sold out
          </Badge>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {tracked ? (
          <form noValidate onSubmit={save} className="flex items-start gap-2">
            <TextField
              label={
                <>
                  Stock<span className="sr-only"> of {option.name}</span>
                </>
              }
              fieldClassName="w-32"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={error}
            />
            <Button type="submit" variant="secondary" size="sm" className="mt-7" loading={count.isPending} aria-label={`Save stock of ${option.name}`}>
              Save
            </Button>
          </form>
        ) : null}
        <CheckboxField
          label="Sold out"
          fieldClassName="text-sm"
          checked={soldOut}
          disabled={switchOff.isPending}
          aria-label={`Sold out: ${option.name}`}
          onChange={(event) => toggle(event.target.checked)}
        />
      </div>
    </li>
  );
}
