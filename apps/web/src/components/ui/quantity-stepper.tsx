import { Minus, Plus } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export interface QuantityStepperProps {
  value: number;
  onDecrease(): void;
  onIncrease(): void;
  /** Names the buttons for screen readers, e.g. "Spam Musubi" → "Decrease quantity of Spam Musubi". */
  itemName?: string;
  min?: number;
  className?: string;
}

/** − value + with 44 px targets; the value is announced politely when it changes. */
export function QuantityStepper({ value, onDecrease, onIncrease, itemName, min = 1, className }: QuantityStepperProps) {
  const of = itemName ? ` of ${itemName}` : '';
  const buttonClass =
    'inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <div className={cn('inline-flex items-center rounded-xl border border-line-strong bg-surface', className)}>
      <button type="button" className={buttonClass} onClick={onDecrease} disabled={value <= min} aria-label={`Decrease quantity${of}`}>
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <output aria-live="polite" aria-label={`Quantity${of}`} className="min-w-8 text-center font-semibold tabular-nums">
        {value}
      </output>
      <button type="button" className={buttonClass} onClick={onIncrease} aria-label={`Increase quantity${of}`}>
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
