import { useId, useMemo, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { addToCartProblem, MenuMessages, type MenuItemOutput, type OptionGroupOutput, type OptionOutput } from '@kusina/domain/menu';
import { formatUSD } from '@kusina/domain/money';
import { minSelectMessage, optionPrice, toggleOption, unitPrice, type PricedGroup } from '@kusina/domain/pricing';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { addCartItem } from '../../../stores/cart-actions.ts';
import { useCartStore } from '../../../stores/cart-store.ts';
import { stockProblem } from '../../../lib/cart-stock.ts';
import { DietaryBadges } from './dietary-badges.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';

type Selection = Record<number, number[]>;

/** With inventory tracking on, out-of-stock options are hidden (storefront.md §5 Customisation). */
export function visibleOptions(group: OptionGroupOutput): OptionOutput[] {
  return group.enable_inventory_tracking ? group.options.filter((option) => option.in_stock) : group.options;
}

function isSelectable(option: OptionOutput): boolean {
  return option.available && option.in_stock;
}

function initialSelection(item: MenuItemOutput): Selection {
  const selection: Selection = {};
  for (const group of item.option_groups) {
    const preselected = visibleOptions(group)
      .filter((option) => option.is_preselected && isSelectable(option))
      .map((option) => option.id);
    selection[group.id] = preselected.slice(0, Math.max(1, group.max_select));
  }
  return selection;
}

export function toPricedGroups(groups: OptionGroupOutput[]): PricedGroup[] {
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    minSelect: group.min_select,
    maxSelect: group.max_select,
    freeOptionCount: group.free_option_count,
    options: group.options.map((option) => ({ id: option.id, name: option.name, additionalPriceCents: option.additional_price_cents })),
  }));
}

/** 'Choose 1', 'Choose up to 3', 'Choose 1 to 3'. */
export function groupRule(group: Pick<OptionGroupOutput, 'min_select' | 'max_select'>): string {
  if (group.min_select === group.max_select) return `Choose ${group.max_select}`;
  if (group.min_select <= 0) return `Choose up to ${group.max_select}`;
  return `Choose ${group.min_select} to ${group.max_select}`;
}

/** The chosen options that are free: the most expensive ones, up to free_option_count (earlier choice wins a tie). */
function freeOptionIds(group: OptionGroupOutput, chosenIds: number[]): Set<number> {
  const byId = new Map(group.options.map((option) => [option.id, option]));
  const ranked = chosenIds
    .map((id, order) => ({ id, order, price: optionPrice({ additionalPriceCents: byId.get(id)?.additional_price_cents }) }))
    .sort((a, b) => b.price - a.price || a.order - b.order);
  return new Set(ranked.slice(0, Math.max(0, group.free_option_count)).map((entry) => entry.id));
}

function toCartSelection(selection: Selection): Record<string, number[]> {
  return Object.fromEntries(Object.entries(selection).filter(([, ids]) => ids.length > 0));
}

export interface CustomizeItemDialogProps {
  item: MenuItemOutput | null;
  onClose(): void;
}

/** The customisation dialog. Mounted per item (key) so each opening starts from the preselected options. */
export function CustomizeItemDialog({ item, onClose }: CustomizeItemDialogProps) {
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={item?.name ?? ''}
      description={item?.description || undefined}
      // The total bar is sticky at the bottom of the body: focus and scrolling stop above it.
      bodyClassName="scroll-pb-28"
    >
      {item ? <CustomizeItemForm key={item.id} item={item} onDone={onClose} /> : null}
    </Dialog>
  );
}

function CustomizeItemForm({ item, onDone }: { item: MenuItemOutput; onDone(): void }) {
  const cartItems = useCartStore((state) => state.cartItems);
  const [selection, setSelection] = useState<Selection>(() => initialSelection(item));
  const [quantity, setQuantity] = useState(1);
  const [notes, setNotes] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();

  const pricedGroups = useMemo(() => toPricedGroups(item.option_groups), [item.option_groups]);
  const price = unitPrice(item.price_cents, pricedGroups, selection);
  const missing = item.option_groups.filter((group) => (selection[group.id]?.length ?? 0) < group.min_select);
  const blocked = addToCartProblem(item);

  const choose = (group: OptionGroupOutput, optionId: number) => {
    setSelection((current) => ({ ...current, [group.id]: toggleOption(current[group.id] ?? [], optionId, group.max_select) }));
    setProblem(null);
  };

  const changeQuantity = (next: number) => {
    if (next > quantity) {
      const stock = stockProblem(cartItems, item, toCartSelection(selection), next);
      if (stock) {
        setProblem(stock);
        return;
      }
    }
    setProblem(null);
    setQuantity(Math.max(1, next));
  };

  const submit = () => {
    setAttempted(true);
    if (blocked) {
      setProblem(blocked);
      return;
    }
    if (missing.length > 0) {
      setProblem(MenuMessages.makeRequiredSelections);
      return;
    }
    const stock = stockProblem(cartItems, item, toCartSelection(selection), quantity);
    if (stock) {
      setProblem(stock);
      return;
    }
    addCartItem({
      id: item.id,
      name: item.name,
      price: price.unitPriceCents / 100,
      quantity,
      image: item.image,
      notes: notes.trim() || undefined,
      customizations: price.customizations,
      selectedOptions: toCartSelection(selection),
      type: 'food',
    });
    toast.success(`Added ${item.name} to cart`);
    onDone();
  };

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="space-y-5"
    >
      <DietaryBadges item={item} />
      {item.option_groups.map((group) => (
        <OptionGroupFieldset
          key={group.id}
          group={group}
          chosen={selection[group.id] ?? []}
          showError={attempted && (selection[group.id]?.length ?? 0) < group.min_select}
          onToggle={(optionId) => choose(group, optionId)}
          onClear={() => {
            setSelection((current) => ({ ...current, [group.id]: [] }));
            setProblem(null);
          }}
        />
      ))}

      <FormField label="Notes" hint="Allergies or requests for the kitchen (optional)">
        {(control) => <Textarea {...control} value={notes} maxLength={500} onChange={(event) => setNotes(event.target.value)} rows={2} />}
      </FormField>

      <div className="flex items-center justify-between gap-4">
        <span className="text-sm font-semibold">Quantity</span>
        <QuantityStepper value={quantity} itemName={item.name} onDecrease={() => changeQuantity(quantity - 1)} onIncrease={() => changeQuantity(quantity + 1)} />
      </div>

      {problem ? <Alert tone="error">{problem}</Alert> : null}

      <div className="sticky bottom-0 -mx-5 -mb-4 flex items-center justify-between gap-4 border-t border-line bg-surface-raised px-5 py-4">
        <p className="text-sm text-ink-muted">
          <span className="block">Item total</span>
          <span aria-live="polite" className="text-xl font-bold text-ink tabular-nums" data-testid="customize-total">
            {formatUSD(price.unitPriceCents * quantity)}
          </span>
        </p>
        <Button type="submit" size="lg" aria-disabled={blocked ? true : undefined}>
          Add to Cart
        </Button>
      </div>
    </form>
  );
}

interface OptionGroupFieldsetProps {
  group: OptionGroupOutput;
  chosen: number[];
  showError: boolean;
  onToggle(optionId: number): void;
  /** "None" in an optional single-choice group. */
  onClear(): void;
}

function OptionGroupFieldset({ group, chosen, showError, onToggle, onClear }: OptionGroupFieldsetProps) {
  const errorId = useId();
  const options = visibleOptions(group);
  const free = freeOptionIds(group, chosen);
  // One choice at most: radio buttons (arrow keys move between them); an optional one adds "None".
  const single = group.max_select === 1;
  const name = `option-group-${group.id}`;
  const rowClass = (checked: boolean, selectable = true) =>
    cn(
      'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 transition-colors',
      checked ? 'border-brand bg-brand-soft' : 'border-line hover:bg-surface-muted',
      !selectable && 'cursor-not-allowed opacity-60',
    );
  return (
    <fieldset aria-describedby={showError ? errorId : undefined} className="space-y-2">
      <legend className="mb-2 flex w-full flex-wrap items-center gap-2">
        <span className="text-base font-bold">{group.name}</span>
        <span className="text-sm text-ink-muted">{groupRule(group)}</span>
        {group.min_select > 0 ? <Badge tone="warning">Required</Badge> : <Badge>Optional</Badge>}
        {group.free_option_count > 0 ? <Badge tone="success">{group.free_option_count} free</Badge> : null}
      </legend>
      {options.length === 0 ? <p className="text-sm text-ink-muted">No options are available right now.</p> : null}
      <ul className="space-y-2">
        {single && group.min_select === 0 && options.length > 0 ? (
          <li>
            <label className={rowClass(chosen.length === 0)}>
              <input type="radio" name={name} className="size-5 shrink-0 accent-[var(--brand)]" checked={chosen.length === 0} onChange={onClear} />
              <span className="flex-1 font-medium">None</span>
            </label>
          </li>
        ) : null}
        {options.map((option) => {
          const checked = chosen.includes(option.id);
          const selectable = isSelectable(option);
          const cents = optionPrice({ additionalPriceCents: option.additional_price_cents });
          const isFree = cents === 0 || (checked && free.has(option.id));
          const priceText = isFree ? 'Free' : `+${formatUSD(cents)}`;
          return (
            <li key={option.id}>
              <label className={rowClass(checked, selectable)}>
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={single ? name : undefined}
                  className="size-5 shrink-0 accent-[var(--brand)]"
                  checked={checked}
                  disabled={!selectable && !checked}
                  // A radio fires only when it becomes checked, so choosing it never unchooses it.
                  onChange={() => onToggle(option.id)}
                />
                <span className="min-w-0 flex-1 font-medium">{option.name}</span>
                {!selectable ? <span className="text-sm text-ink-muted">Unavailable</span> : null}
                <span className={cn('shrink-0 text-sm tabular-nums', isFree && checked ? 'font-semibold text-success-ink' : 'text-ink-muted')}>{priceText}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {showError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-ink">
          {minSelectMessage(group.min_select)}
        </p>
      ) : null}
    </fieldset>
  );
}
