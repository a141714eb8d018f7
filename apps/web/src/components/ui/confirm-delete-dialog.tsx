import { useRef, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { errorMessage } from '../../lib/errors.ts';

/**
 * 'Delete {name}?' with Keep it / Delete (the shared ConfirmDialog): runs the delete, says so in a
 * toast and closes; a failure is a toast and the dialog stays. Kept (Keep it, Escape), focus goes
 * back to the Delete button that opened it. Deleted, that button is gone with its row:
 * `focusAfterDelete` names the control that takes focus instead (the next row's, or the list's
 * add button), looked up a frame later so the list has re-rendered without the row.
 */
export function ConfirmDeleteDialog<T extends { name: string }, R = unknown>({
  target,
  what,
  description,
  children,
  remove,
  deletedMessage,
  failedMessage,
  focusAfterDelete,
  onClose,
}: {
  target: T | null;
  /** Stands for the name in the title while the dialog closes (e.g. 'discount'). */
  what: string;
  description: ReactNode;
  children: ReactNode;
  remove(target: T): Promise<R>;
  deletedMessage(target: T, result: R): string;
  failedMessage: string;
  focusAfterDelete?: (target: T) => HTMLElement | null;
  onClose(): void;
}) {
  const [pending, setPending] = useState(false);
  const deleted = useRef<T | null>(null);
  const confirm = async () => {
    if (!target) return;
    setPending(true);
    try {
      const result = await remove(target);
      toast.success(deletedMessage(target, result));
      deleted.current = target;
      onClose();
    } catch (failure) {
      toast.error(errorMessage(failure, failedMessage));
    } finally {
      setPending(false);
    }
  };
  const onCloseAutoFocus = (event: Event) => {
    const gone = deleted.current;
    deleted.current = null;
    if (!gone || !focusAfterDelete) return;
    event.preventDefault();
    requestAnimationFrame(() => focusAfterDelete(gone)?.focus());
  };
  return (
    <ConfirmDialog
      open={target !== null}
      title={`Delete ${target?.name ?? what}?`}
      message={description}
      confirmLabel="Delete"
      cancelLabel="Keep it"
      destructive
      busy={pending}
      onCloseAutoFocus={onCloseAutoFocus}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {children}
    </ConfirmDialog>
  );
}
