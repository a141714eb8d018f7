import type { ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useReturnFocus } from './use-return-focus.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  /** Pinned under the scrolling body (e.g. the total and the main action). */
  footer?: ReactNode;
  /** 'lg' widens the dialog on larger screens (e.g. a product quick view with a gallery). */
  size?: 'md' | 'lg';
  className?: string;
  /** Classes for the scrolling body (e.g. more scroll padding above a sticky bar). */
  bodyClassName?: string;
  /** Where focus goes on close, instead of the opener (e.g. when the opener is gone): call preventDefault and focus it; without preventDefault the opener gets focus. */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}

/**
 * A modal dialog on Radix Dialog: focus moves in and is trapped, Escape and the backdrop close it,
 * focus returns to the control that opened it (useReturnFocus). On phones it rises from the bottom
 * and fills most of the screen, never wider than it; on wider screens it is centred. The body
 * scrolls (long words wrap), the header with Close and the footer stay in view.
 */
export function Dialog({ open, onOpenChange, title, description, footer, size = 'md', className, bodyClassName, onCloseAutoFocus: override, children }: DialogProps) {
  const onCloseAutoFocus = useReturnFocus(open, override);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/55 motion-safe:animate-[fade-in_150ms_ease-out]" />
        <DialogPrimitive.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] max-w-[100vw] flex-col rounded-t-2xl [overflow-wrap:anywhere] bg-surface-raised text-ink shadow-2xl outline-none',
            'sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
            size === 'lg' ? 'sm:w-[min(60rem,calc(100vw-2rem))]' : 'sm:w-[min(34rem,calc(100vw-2rem))]',
            'motion-safe:animate-[fade-in_150ms_ease-out]',
            className,
          )}
          onCloseAutoFocus={onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
            <div className="min-w-0">
              <DialogPrimitive.Title className="font-display text-xl font-bold">{title}</DialogPrimitive.Title>
              {description ? <DialogPrimitive.Description className="mt-1 text-sm text-ink-muted">{description}</DialogPrimitive.Description> : null}
            </div>
            <DialogPrimitive.Close className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-surface-muted" aria-label="Close">
              <X aria-hidden="true" className="size-6" />
            </DialogPrimitive.Close>
          </div>
          <div className={cn('min-w-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4', bodyClassName)}>{children}</div>
          {footer ? <div className="border-t border-line px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))]">{footer}</div> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
