import { cn } from '../../lib/cn.ts';

/** A placeholder block with a gentle pulse (still when reduced motion is asked for). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-surface-sunken motion-reduce:animate-none', className)} />;
}
