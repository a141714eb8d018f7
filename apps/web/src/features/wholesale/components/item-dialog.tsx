import { useState } from 'react';
import {
  maxSelectableQuantity,
  normaliseSelection,
  optionSoldOut,
  sameSelection,
  selectedOptionNames,
  selectionAvailableQuantity,
  selectionComplete,
  selectionProblems,
  toggleWholesaleOption,
  WholesaleMessages,
  wholesaleUnitPrice,
  type OptionSelection,
} from '@kusina/domain/wholesale';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useWholesaleCartStore, type WholesaleCartLine } from '../../../stores/wholesale-cart-store.ts';
import { addWholesaleLine, type WholesaleCartFundraiser } from '../../../stores/wholesale-cart-actions.ts';
import { checkAvailability } from '../api/check-availability.ts';
import type { Item } from '../api/contracts.ts';
import { money, toRuleItem } from '../utils.ts';
import { QuantityControl } from './quantity-control.tsx';

export type PendingLine = Omit<WholesaleCartLine, 'id' | 'addedAt' | 'updatedAt' | 'price' | 'fundraiserName' | 'fundraiserSlug'>;

export interface ItemDialogProps {
  item: Item | null;
  fundraiser: WholesaleCartFundraiser;
  onClose(): void;
  onAdded(line: PendingLine): void;
  /** The cart holds another fundraiser: the page offers the Switch Fundraisers modal. */
  onConflict(line: PendingLine): void;
}

/**
 * Item customisation (§2, §5): one choice list per option group (min/max with the spec's messages,
 * the oldest choice dropped beyond max, unavailable or sold-out options disabled), a quantity whose
 * plus stops at the stock, and Add to Cart after the server's stock check ('Cannot add to cart').
 */
export function ItemDialog({ item, ...props }: ItemDialogProps) {
  return item ? <ItemForm key={item.id} item={item} {...props} /> : null;
}

function ItemForm({ item, fundraiser, onClose, onAdded, onConflict }: Omit<ItemDialogProps, 'item'> & { item: Item }) {
  const rule = toRuleItem(item);
  const [selection, setSelection] = useState<OptionSelection>({});
  const [quantity, setQuantity] = useState(1);
  const [touched, setTouched] = useState<Record<number, boolean>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const cart = useWholesaleCartStore((s) => s.items);
  const chosen = normaliseSelection(selection);
  const problems = selectionProblems(rule.groups, chosen);
  const complete = selectionComplete(rule.groups, chosen);
  const inCart = cart.filter((l) => l.itemId === item.id && sameSelection(l.options ?? {}, chosen)).reduce((s, l) => s + l.quantity, 0);
  const available = complete ? selectionAvailableQuantity(rule, chosen) : null;
  const max = Math.max(1, maxSelectableQuantity(available) - inCart);
  const unit = wholesaleUnitPrice(rule, chosen);

  const choose = (groupId: number, optionId: number, maxSelect: number) => {
    setSelection((current) => ({ ...current, [groupId]: toggleWholesaleOption(current[String(groupId)] ?? [], optionId, maxSelect) }));
    setTouched((t) => ({ ...t, [groupId]: true }));
    setErrors([]);
    setQuantity(1);
  };

  const add = async () => {
    setBusy(true);
    setErrors([]);
    try {
      const check = await checkAvailability(item.id, quantity + inCart, chosen);
      if (!check.available) {
        setErrors(check.errors);
        return;
      }
      const line: PendingLine = {
        itemId: item.id,
        fundraiserId: fundraiser.id,
        name: item.name,
        description: item.description,
        sku: item.sku,
        priceCents: unit,
        imageUrl: item.primary_image_url,
        quantity,
        options: chosen,
        selectedOptions: selectedOptionNames(rule, chosen),
        maxQuantity: check.available_quantity,
      };
      if (addWholesaleLine(line, fundraiser) === 'conflict') onConflict(line);
      else onAdded(line);
    } catch (error) {
      setErrors([errorMessage(error, WholesaleMessages.updateCartFailed)]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={item.name}
      description={item.description || undefined}
      footer={
        <Button block size="lg" onClick={() => void add()} disabled={!complete || !item.in_stock} loading={busy}>
          {item.in_stock ? `Add to Cart · ${money(unit * quantity)}` : 'Out of Stock'}
        </Button>
      }
    >
    <div className="space-y-5">
      {item.primary_image_url ? <img src={item.primary_image_url} alt={item.images[0]?.alt_text ?? item.name} className="h-44 w-full rounded-xl object-cover" /> : null}
      <p className="text-lg font-semibold">{money(item.price_cents)}</p>
      {rule.groups.map((group) => {
        const ids = chosen[String(group.id)] ?? [];
        const single = group.maxSelect === 1;
        const message = problems[group.id];
        return (
          <fieldset key={group.id} className="space-y-2">
            <legend className="font-semibold">
              {group.name}
              {group.minSelect > 0 ? <span className="ml-2 text-sm font-normal text-ink-muted">(required)</span> : null}
              {group.maxSelect > 1 ? <span className="ml-2 text-sm font-normal text-ink-muted">choose up to {group.maxSelect}</span> : null}
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {group.options.map((option) => {
                const soldOut = optionSoldOut(rule, group, option);
                const disabled = !option.available || soldOut;
                const inputId = `opt-${group.id}-${option.id}`;
                return (
                  <label key={option.id} htmlFor={inputId} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:checked]:border-brand">
                    <input
                      id={inputId}
                      type={single ? 'radio' : 'checkbox'}
                      name={`group-${group.id}`}
                      checked={ids.includes(option.id)}
                      disabled={disabled}
                      onChange={() => choose(group.id, option.id, group.maxSelect)}
                      className="size-5 accent-brand"
                    />
                    <span className="flex-1">{option.name}</span>
                    <span className="text-sm text-ink-muted">
                      {disabled ? (soldOut ? 'Out of stock' : 'Unavailable') : option.additionalPriceCents > 0 ? `+${money(option.additionalPriceCents)}` : ''}
                    </span>
                  </label>
                );
              })}
            </div>
            {message && touched[group.id] ? <p className="text-sm text-danger-ink">{message}</p> : null}
          </fieldset>
        );
      })}
      <div className="flex items-center justify-between gap-3">
        <span className="font-semibold">Quantity</span>
        <QuantityControl value={quantity} onChange={(v) => setQuantity(Math.min(Math.max(1, v), max))} max={max} itemName={item.name} />
      </div>
      {errors.length > 0 ? (
        <Alert tone="error" title={WholesaleMessages.cannotAddToCart}>
          <ul className="list-disc pl-5">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
    </Dialog>
  );
}
