import { Minus, Plus } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

export interface QuantityControlProps {
  value: number;
  onChange(value: number): void;
  /** The plus control is disabled at the available stock (§5). */
  max: number;
  min?: number;
  itemName: string;
  className?: string;
}

/** − value + with 44 px targets; minus below `min` is disabled (the cart passes 0 so minus can remove). */
export function QuantityControl({ value, onChange, max, min = 1, itemName, className }: QuantityControlProps) {
  const buttonClass = 'inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <div className={cn('inline-flex items-center rounded-xl border border-line-strong bg-surface', className)}>
      <button type="button" className={buttonClass} onClick={() => onChange(value - 1)} disabled={value <= min} aria-label={`Decrease quantity of ${itemName}`}>
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <output aria-live="polite" aria-label={`Quantity of ${itemName}`} className="min-w-8 text-center font-semibold tabular-nums">
        {value}
      </output>
      <button type="button" className={buttonClass} onClick={() => onChange(value + 1)} disabled={value >= max} aria-label={`Increase quantity of ${itemName}`}>
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
