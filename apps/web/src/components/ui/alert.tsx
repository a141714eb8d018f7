import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

type AlertTone = 'success' | 'error' | 'info' | 'warning';

const tones: Record<AlertTone, string> = {
  success: 'border-success-line bg-success-soft text-success-ink',
  error: 'border-danger-line bg-danger-soft text-danger-ink',
  info: 'border-info-line bg-info-soft text-info-ink',
  warning: 'border-warning-line bg-warning-soft text-warning-ink',
};

const icons = { success: CircleCheck, error: CircleAlert, info: Info, warning: TriangleAlert } as const;

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Errors interrupt (role=alert); other tones are polite status messages. */
  live?: boolean;
}

/** A banner: green for success, red for failure; announced to screen readers when it appears. */
export function Alert({ tone = 'info', title, children, className, live = true }: AlertProps) {
  const Icon = icons[tone];
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div role={role} className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', tones[tone], className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="break-words">{children}</div> : null}
      </div>
    </div>
  );
}
