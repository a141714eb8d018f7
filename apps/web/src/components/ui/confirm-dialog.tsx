import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, in words (the dialog's description). */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action gets the danger button. */
  destructive?: boolean;
  busy?: boolean;
  /** Where focus goes on close (Dialog's onCloseAutoFocus); by default, the opener. */
  onCloseAutoFocus?: (event: Event) => void;
  onConfirm(): void;
  onCancel(): void;
  /** More words under the message, when one line is not enough. */
  children?: ReactNode;
}

/**
 * An in-page confirmation (instead of window.confirm): labelled by its title, described by its
 * message, Escape and Cancel close it, and focus returns to the control that opened it (Dialog).
 */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel = 'Cancel', destructive = false, busy = false, onCloseAutoFocus, onConfirm, onCancel, children }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      title={title}
      description={message}
      {...(children ? {} : { bodyClassName: 'hidden' })}
      {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      {children ?? null}
    </Dialog>
  );
}
