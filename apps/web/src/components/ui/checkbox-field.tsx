import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  fieldClassName?: string;
}

/** A checkbox inside its label (a 44 px row), so the words are its accessible name and a tap target. */
export function CheckboxField({ label, fieldClassName, className, ...inputProps }: CheckboxFieldProps) {
  return (
    <label className={cn('flex min-h-11 items-center gap-2 font-semibold', fieldClassName)}>
      <input type="checkbox" className={cn('size-5 shrink-0 accent-brand', className)} {...inputProps} />
      {label}
    </label>
  );
}
