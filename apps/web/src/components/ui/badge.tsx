import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

const tones: Record<BadgeTone, string> = {
  neutral: 'border-line-strong bg-surface-muted text-ink',
  brand: 'border-brand bg-brand-soft text-ink',
  success: 'border-success-line bg-success-soft text-success-ink',
  warning: 'border-warning-line bg-warning-soft text-warning-ink',
  danger: 'border-danger-line bg-danger-soft text-danger-ink',
  info: 'border-info-line bg-info-soft text-info-ink',
};

/** A small labelled pill (status, dietary flag, promo). The text carries the meaning, not the colour. */
export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return <span className={cn('inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', tones[tone], className)} {...props} />;
}
