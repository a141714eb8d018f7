import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

export interface SwitchFundraiserDialogProps {
  open: boolean;
  currentName: string;
  nextName: string;
  onSwitch(): void;
  onKeep(): void;
  /** What clearing does here (default: the item being added comes from {nextName}). */
  detail?: string;
}

/** A cart belongs to one fundraiser (§4): clear the cart and continue, or keep the current cart. */
export function SwitchFundraiserDialog({ open, currentName, nextName, onSwitch, onKeep, detail }: SwitchFundraiserDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onKeep()}
      title="Switch Fundraisers?"
      description={`Your cart has items from ${currentName}. A cart can hold items from one fundraiser at a time.`}
      footer={
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button onClick={onSwitch}>Clear Cart and Continue</Button>
          <Button variant="secondary" onClick={onKeep}>
            Keep Current Cart
          </Button>
        </div>
      }
    >
      <p>{detail ?? `Clearing the cart removes its items and adds this item from ${nextName}.`}</p>
    </Dialog>
  );
}
