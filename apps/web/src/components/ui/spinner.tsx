import { cn } from '../../lib/cn.ts';

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-[3px]', lg: 'size-10 border-4' } as const;

/** A spinner; with a label it is announced as a status, without one it is decoration. */
export function Spinner({ size = 'md', label, className }: { size?: keyof typeof sizes; label?: string; className?: string }) {
  const circle = (
    <span
      aria-hidden="true"
      className={cn('inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]', sizes[size], className)}
    />
  );
  if (!label) return circle;
  return (
    <span role="status" className="inline-flex items-center gap-3">
      {circle}
      <span>{label}</span>
    </span>
  );
}
