import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const inputClasses =
  'block w-full min-h-11 rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-ink ' +
  'placeholder:text-ink-subtle shadow-xs transition-colors hover:border-ink-subtle ' +
  'aria-invalid:border-danger aria-invalid:bg-danger-soft/40 disabled:opacity-60';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(inputClasses, 'pr-8', className)} {...props} />;
}
