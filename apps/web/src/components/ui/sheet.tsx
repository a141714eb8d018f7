import type { ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useReturnFocus } from './use-return-focus.ts';

export interface SheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  side?: 'left' | 'right';
  /** The close button's accessible name (default 'Close menu'). */
  closeLabel?: string;
  /** Pinned under the scrolling body (e.g. Apply and Reset). */
  footer?: ReactNode;
  children: ReactNode;
  /** Where focus goes on close when the opener is not a Radix trigger (default: the trigger). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A slide-out panel on Radix Dialog: modal, focus trapped inside, focus returned to the trigger
 * on close (or to the control that opened it, useReturnFocus), Escape and the backdrop close it.
 */
export function Sheet({ open, onOpenChange, title, description, side = 'right', closeLabel = 'Close menu', footer, children, onCloseAutoFocus }: SheetProps) {
  const returnFocus = useReturnFocus(open, onCloseAutoFocus);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 motion-safe:animate-[fade-in_150ms_ease-out]" />
        <DialogPrimitive.Content
          className={cn(
            'fixed inset-y-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-surface-raised [overflow-wrap:anywhere] text-ink shadow-2xl outline-none',
            side === 'right' ? 'right-0 motion-safe:animate-[slide-in-right_200ms_ease-out]' : 'left-0 motion-safe:animate-[slide-in-left_200ms_ease-out]',
          )}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-3">
            <DialogPrimitive.Title className="text-lg font-bold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-surface-muted" aria-label={closeLabel}>
              <X aria-hidden="true" className="size-6" />
            </DialogPrimitive.Close>
          </div>
          {description ? <DialogPrimitive.Description className="sr-only">{description}</DialogPrimitive.Description> : null}
          <div className="flex-1 overflow-y-auto overscroll-contain px-2 py-3">{children}</div>
          {footer ? <div className="border-t border-line px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">{footer}</div> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export const SheetClose = DialogPrimitive.Close;
