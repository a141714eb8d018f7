import { useState, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { errorMessage } from '../../../lib/errors.ts';

/**
 * 'Delete {name}?' with Keep it / Delete: runs the delete, says so in a toast and closes; a failure
 * is a toast and the dialog stays. Focus goes back to the Delete button that opened it (Dialog).
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
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Delete ${target?.name ?? what}?`}
      description={description}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Keep it
          </Button>
          <Button variant="danger" loading={pending} onClick={() => void confirm()}>
            Delete
          </Button>
        </div>
      }
    >
      {children}
    </Dialog>
  );
}
