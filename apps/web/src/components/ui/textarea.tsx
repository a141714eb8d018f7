import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { inputClasses } from './input.tsx';

/** A multi-line input styled like Input; pair it with FormField for its label. */
export function Textarea({ className, rows = 3, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(inputClasses, 'min-h-20 resize-y', className)} {...props} />;
}
