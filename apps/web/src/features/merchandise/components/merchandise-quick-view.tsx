import { useId, useState, type KeyboardEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { useLocation } from 'wouter';
import { ChevronLeft, ChevronRight, MapPin, Minus, Plus, Shirt } from 'lucide-react';
import {
  addedToCartMessage,
  clampQuantity,
  colorsForSize,
  isSizeAvailable,
  lowStockNotice,
  MERCHANDISE_MAX_QUANTITY,
  merchandiseStockLabel,
  MerchandiseMessages,
  sortedSizes,
  type MerchandiseItemOutput,
  type MerchandiseVariantOutput,
} from '@kusina/domain/merchandise';
import { dollarsToCents, formatUSD } from '@kusina/domain/money';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCartStore } from '../../../stores/cart-store.ts';
import { MerchandiseText } from '../messages.ts';
import { addMerchandiseToCart, remainingForVariant, variantQuantityInCart } from '../../../lib/merchandise-cart.ts';
import { isVariantInStock } from '../utils/merchandise-filters.ts';
import { priceText } from './merchandise-card.tsx';
import { ShareLinks } from './share-links.tsx';

/** The item's images in gallery order: main, second, then the additional ones (no duplicates). */
export function galleryImages(item: Pick<MerchandiseItemOutput, 'image_url' | 'second_image_url' | 'additional_images'>): string[] {
  return [...new Set([item.image_url, item.second_image_url, ...item.additional_images].filter((url): url is string => Boolean(url)))];
}

/** The link that opens this item's Quick View. */
export function quickViewUrl(itemId: number): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${origin}/merchandise?item=${itemId}`;
}

export interface MerchandiseQuickViewProps {
  /** The item as the shop last polled it, so stock stays fresh while the dialog is open. */
  item: MerchandiseItemOutput | null;
  onClose(): void;
}

/**
 * The Quick View (storefront.md §2, §5): an accessible modal (Radix Dialog: labelled by the item's
 * name, focus trapped, Escape and the backdrop close it, focus returns to the card).
 */
export function MerchandiseQuickView({ item, onClose }: MerchandiseQuickViewProps) {
  // Mounted per item (key), so each opening starts from a fresh choice of size, colour and quantity.
  return item ? <QuickView key={item.id} item={item} onClose={onClose} /> : null;
}

function firstInStockColor(variants: readonly MerchandiseVariantOutput[], size: string | null, colors: readonly string[], preferred: string | null): string | null {
  const inStock = (color: string) => variants.some((v) => v.size === size && v.color === color && isVariantInStock(v));
  if (preferred && colors.includes(preferred) && inStock(preferred)) return preferred;
  return colors.find(inStock) ?? null;
}

function initialSize(item: MerchandiseItemOutput): string | null {
  const sizes = sortedSizes(item.variants);
  // One size: nothing to choose. Several: the customer chooses (no silent default size).
  return sizes.length === 1 && isSizeAvailable(item.variants, sizes[0]!) ? sizes[0]! : null;
}

function QuickView({ item, onClose }: { item: MerchandiseItemOutput; onClose(): void }) {
  const [, navigate] = useLocation();
  const cartItems = useCartStore((state) => state.cartItems);
  const sizes = sortedSizes(item.variants);
  const hasSizes = sizes.length > 0;
  const [size, setSize] = useState<string | null>(() => initialSize(item));
  const activeSize = hasSizes ? size : null;
  const colors = hasSizes && activeSize === null ? [] : colorsForSize(item.variants, activeSize);
  // With a size (or no sizes at all) the first colour in stock is preselected, as shops do.
  const [chosenColor, setChosenColor] = useState<string | null>(() => {
    const start = initialSize(item);
    return hasSizes && start === null ? null : firstInStockColor(item.variants, start, colorsForSize(item.variants, start), null);
  });
  const color = colors.length === 1 ? colors[0]! : colors.length === 0 ? null : chosenColor;
  const [quantity, setQuantity] = useState(1);
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [missing, setMissing] = useState<'size' | 'color' | null>(null);
  const ids = useId();

  const sizeChosen = !hasSizes || activeSize !== null;
  const colorChosen = colors.length <= 1 || color !== null;
  const variant = sizeChosen && colorChosen ? (item.variants.find((v) => v.size === activeSize && v.color === color) ?? null) : null;
  const inCart = variant ? variantQuantityInCart(cartItems, variant.id) : 0;
  const remaining = variant ? remainingForVariant(cartItems, variant) : null;
  const itemSoldOut = !item.variants.some(isVariantInStock);
  const variantSoldOut = variant !== null && !isVariantInStock(variant);
  // The quantity always fits what may still go in the cart (stock can drop while the dialog is open).
  const shownQuantity = clampQuantity(quantity, remaining);
  const maxQuantity = Math.max(1, Math.min(remaining ?? MERCHANDISE_MAX_QUANTITY, MERCHANDISE_MAX_QUANTITY));
  const stockWords = variant ? (lowStockNotice(variant.available_quantity) ?? merchandiseStockLabel(variant.available_quantity)) : null;
  const cannotAdd = itemSoldOut || variantSoldOut || remaining === 0;

  const chooseSize = (next: string) => {
    setSize(next);
    setChosenColor((current) => firstInStockColor(item.variants, next, colorsForSize(item.variants, next), current));
    setProblem(null);
    setMissing(null);
  };

  const chooseColor = (next: string) => {
    setChosenColor(next);
    setProblem(null);
    setMissing(null);
  };

  const setQuantityClamped = (value: number) => {
    setQuantity(clampQuantity(value, remaining));
    setProblem(null);
  };

  /** Adds the chosen variant; returns whether the cart now holds it. */
  const add = (): boolean => {
    if (itemSoldOut) {
      setProblem(MerchandiseMessages.outOfStock);
      return false;
    }
    // Said beside the actions (in view on a phone) and marked at the choice itself.
    if (!sizeChosen) {
      setMissing('size');
      setProblem(MerchandiseText.chooseSize);
      return false;
    }
    if (!colorChosen || !variant) {
      setMissing('color');
      setProblem(MerchandiseText.chooseColor);
      return false;
    }
    const result = addMerchandiseToCart(cartItems, item, variant, shownQuantity);
    if (result) {
      setProblem(result);
      return false;
    }
    toast.success(addedToCartMessage(item.name, shownQuantity));
    setQuantity(1);
    setTyped(null);
    setProblem(null);
    return true;
  };

  const buyNow = () => {
    // Everything the cart may hold of this variant is already there: go and pay for it.
    if (variant && remaining === 0 && inCart > 0) {
      navigate('/checkout');
      return;
    }
    if (add()) navigate('/checkout');
  };

  const quantityId = `${ids}-quantity`;

  // The actions are pinned under the scrolling body, so on a phone they stay in reach below the gallery.
  const actions = (
    <div className="space-y-2">
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div className="grid grid-cols-2 gap-2">
        <Button size="lg" onClick={() => add()} disabled={cannotAdd}>
          {itemSoldOut || variantSoldOut ? 'Sold out' : 'Add to Cart'}
        </Button>
        <Button size="lg" variant="secondary" onClick={buyNow} disabled={itemSoldOut || variantSoldOut}>
          Buy it now
        </Button>
      </div>
    </div>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={item.name}
      size="lg"
      footer={actions}
    >
      <div className="grid gap-6 md:grid-cols-2">
        <Gallery item={item} />

        <div className="space-y-5">
          <div className="space-y-1">
            {item.category_name ? <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{item.category_name}</p> : null}
            <p className="text-2xl font-bold tabular-nums" aria-live="polite" data-testid="quick-view-price">
              {variant ? formatUSD(dollarsToCents(variant.price)) : priceText(item)}
            </p>
            {itemSoldOut || variantSoldOut ? (
              <p className="font-semibold text-danger-ink">{MerchandiseMessages.outOfStock}</p>
            ) : stockWords ? (
              <p className={cn('text-sm font-semibold', lowStockNotice(variant?.available_quantity ?? null) ? 'text-warning-ink' : 'text-ink-muted')}>{stockWords}</p>
            ) : null}
          </div>

          {hasSizes ? (
            <VariantChoices
              label="Size"
              value={activeSize}
              choices={sizes.map((value) => ({ value, available: isSizeAvailable(item.variants, value) }))}
              onChoose={chooseSize}
              problem={missing === 'size' ? MerchandiseText.chooseSize : null}
              buttonClass="min-w-12"
              selectedClass="border-brand bg-brand text-on-brand"
            />
          ) : null}

          {colors.length > 1 ? (
            <VariantChoices
              label="Color"
              value={color}
              choices={colors.map((value) => {
                const option = item.variants.find((v) => v.size === activeSize && v.color === value);
                return { value, available: option ? isVariantInStock(option) : false };
              })}
              onChoose={chooseColor}
              problem={missing === 'color' ? MerchandiseText.chooseColor : null}
              buttonClass="gap-2"
              selectedClass="border-brand bg-brand-soft text-ink ring-2 ring-brand"
              swatches
            />
          ) : color ? (
            <p className="text-sm">
              <span className="font-bold">Color:</span> {color}
            </p>
          ) : null}

          <div className="space-y-2">
            <label htmlFor={quantityId} className="block text-sm font-bold">
              Quantity
            </label>
            <div className="flex flex-wrap items-center gap-3">
              <div className="inline-flex items-center rounded-xl border border-line-strong bg-surface">
                <button
                  type="button"
                  className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50"
                  onClick={() => setQuantityClamped(shownQuantity - 1)}
                  disabled={shownQuantity <= 1}
                  aria-label={`Decrease quantity of ${item.name}`}
                >
                  <Minus aria-hidden="true" className="size-4" />
                </button>
                <input
                  id={quantityId}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={maxQuantity}
                  step={1}
                  value={typed ?? String(shownQuantity)}
                  onChange={(event) => {
                    setTyped(event.target.value);
                    const n = Number.parseInt(event.target.value, 10);
                    if (Number.isFinite(n)) setQuantityClamped(n);
                  }}
                  onBlur={() => setTyped(null)}
                  className="h-11 w-14 [appearance:textfield] bg-transparent text-center font-semibold tabular-nums [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
                />
                <button
                  type="button"
                  className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50"
                  onClick={() => setQuantityClamped(shownQuantity + 1)}
                  disabled={shownQuantity >= maxQuantity}
                  aria-label={`Increase quantity of ${item.name}`}
                >
                  <Plus aria-hidden="true" className="size-4" />
                </button>
              </div>
              {inCart > 0 ? (
                <p className="text-sm text-ink-muted" data-testid="quick-view-in-cart">
                  {remaining === 0 ? `All ${inCart} available are in your cart` : `${inCart} in your cart`}
                </p>
              ) : null}
            </div>
          </div>

          <p className="flex items-start gap-2 rounded-xl border border-line bg-surface-muted p-3 text-sm">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-ink" />
            <span>{MerchandiseText.pickupNote}</span>
          </p>

          <details className="group rounded-xl border border-line" open>
            <summary className="flex min-h-11 cursor-pointer items-center px-3 font-bold">Product details</summary>
            <div className="space-y-2 border-t border-line px-3 py-3 text-sm">
              {item.description ? <p className="whitespace-pre-line">{item.description}</p> : null}
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                {item.category_name ? (
                  <>
                    <dt className="font-semibold">Category</dt>
                    <dd>{item.category_name}</dd>
                  </>
                ) : null}
                {hasSizes ? (
                  <>
                    <dt className="font-semibold">Sizes</dt>
                    <dd>{sizes.join(', ')}</dd>
                  </>
                ) : null}
                {new Set(item.variants.map((v) => v.color).filter(Boolean)).size > 0 ? (
                  <>
                    <dt className="font-semibold">Colors</dt>
                    <dd>{[...new Set(item.variants.map((v) => v.color).filter(Boolean))].join(', ')}</dd>
                  </>
                ) : null}
              </dl>
            </div>
          </details>

          <ShareLinks url={quickViewUrl(item.id)} title={item.name} />
        </div>
      </div>
    </Dialog>
  );
}

/** A dot in the colour when the browser knows the name; a neutral dot otherwise. */
function ColorSwatch({ color }: { color: string }) {
  const known = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('color', color.toLowerCase());
  return (
    <span
      aria-hidden="true"
      className="inline-block size-4 shrink-0 rounded-full border border-line-strong"
      style={known ? { backgroundColor: color.toLowerCase() } : undefined}
    />
  );
}

function Gallery({ item }: { item: MerchandiseItemOutput }) {
  const images = galleryImages(item);
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(current + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(current - 1);
    }
  };

  if (count === 0) {
    return (
      <div className="flex aspect-square items-center justify-center rounded-2xl bg-surface-sunken text-ink-subtle">
        <Shirt aria-hidden="true" className="size-16" />
      </div>
    );
  }

  return (
    <section aria-roledescription="carousel" aria-label={`Images of ${item.name}`} onKeyDown={onKeyDown} className="space-y-3">
      <div className="relative overflow-hidden rounded-2xl bg-surface-sunken">
        <img
          src={images[current]}
          alt={`${item.name}, image ${current + 1} of ${count}`}
          width={600}
          height={600}
          className="aspect-[4/3] w-full object-contain md:aspect-square md:object-cover"
          decoding="async"
          data-testid="quick-view-image"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(current - 1)}
              aria-label="Previous image"
              className="absolute top-1/2 left-2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-surface-raised/90 text-ink shadow hover:bg-surface-raised"
            >
              <ChevronLeft aria-hidden="true" className="size-6" />
            </button>
            <button
              type="button"
              onClick={() => go(current + 1)}
              aria-label="Next image"
              className="absolute top-1/2 right-2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-surface-raised/90 text-ink shadow hover:bg-surface-raised"
            >
              <ChevronRight aria-hidden="true" className="size-6" />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div role="group" aria-label="Choose an image" className="flex gap-2 overflow-x-auto pb-1">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Show image ${i + 1} of ${count}`}
              aria-current={i === current ? 'true' : undefined}
              className={cn('size-16 shrink-0 overflow-hidden rounded-lg border-2', i === current ? 'border-brand' : 'border-transparent opacity-80 hover:opacity-100')}
            >
              <img src={src} alt="" width={64} height={64} loading="lazy" decoding="async" className="size-full object-cover" />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** A size or colour choice: pressed buttons, sold-out ones disabled and struck through, and its problem. */
function VariantChoices(props: {
  label: string;
  value: string | null;
  choices: { value: string; available: boolean }[];
  onChoose(value: string): void;
  problem: string | null;
  buttonClass: string;
  selectedClass: string;
  swatches?: boolean;
}) {
  const { label, value, choices, onChoose, problem, buttonClass, selectedClass, swatches = false } = props;
  return (
    <div role="group" aria-label={value ? `${label}: ${value}` : label} className="space-y-2">
      <p aria-hidden="true" className="text-sm font-bold">
        {label}
        {value ? <span className="font-normal text-ink-muted">: {value}</span> : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <button
            key={choice.value}
            type="button"
            aria-pressed={value === choice.value}
            aria-label={choice.available ? undefined : `${choice.value}, sold out`}
            disabled={!choice.available}
            onClick={() => onChoose(choice.value)}
            className={cn(
              'inline-flex min-h-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold transition-colors',
              buttonClass,
              value === choice.value ? selectedClass : 'border-line-strong bg-surface text-ink hover:bg-surface-muted',
              'disabled:cursor-not-allowed disabled:border-line disabled:bg-surface-muted disabled:text-ink-muted disabled:line-through',
            )}
          >
            {swatches ? <ColorSwatch color={choice.value} /> : null}
            {choice.value}
          </button>
        ))}
      </div>
      {problem ? <p className="text-sm font-medium text-danger-ink">{problem}</p> : null}
    </div>
  );
}
