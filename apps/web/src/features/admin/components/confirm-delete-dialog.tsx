import { useState, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/errors.ts';

/**
 * 'Delete {name}?' with Keep it / Delete (the shared ConfirmDialog): runs the delete, says so in a
 * toast and closes; a failure is a toast and the dialog stays. Focus goes back to the Delete button
 * that opened it.
 */
export function ConfirmDeleteDialog<T extends { name: string }>({
  target,
  what,
  description,
  children,
  remove,
  deletedMessage,
  failedMessage,
  onClose,
}: {
  target: T | null;
  /** Stands for the name in the title while the dialog closes (e.g. 'discount'). */
  what: string;
  description: ReactNode;
  children: ReactNode;
  remove(target: T): Promise<unknown>;
  deletedMessage(target: T): string;
  failedMessage: string;
  onClose(): void;
}) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    if (!target) return;
    setPending(true);
    try {
      await remove(target);
      toast.success(deletedMessage(target));
      onClose();
    } catch (failure) {
      toast.error(errorMessage(failure, failedMessage));
    } finally {
      setPending(false);
    }
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
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {children}
    </ConfirmDialog>
  );
}
