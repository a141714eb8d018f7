import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';

/** The guest join link of a restaurant (decision 0108): the page a guest opens from the QR code. */
export function waitlistJoinUrl(restaurantId: number, origin = window.location.origin): string {
  return `${origin}/waitlist/join?r=${restaurantId}`;
}

/**
 * The host stand's join link and QR code: guests scan it (or type the link) to join the waitlist from
 * their phone and follow their place. Copy puts the link on the clipboard when the browser allows.
 */
export function JoinLinkDialog({ restaurantId, onClose }: { restaurantId: number; onClose(): void }) {
  const url = waitlistJoinUrl(restaurantId);
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link copied.');
    } catch {
      setCopied('Copy is not available here: select the link and copy it.');
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Guest Join Link"
      description="Guests scan the code or open the link to join the waitlist from their phone and follow their place in line."
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => void copy()}>
            Copy Link
          </Button>
          <Button onClick={onClose}>Close</Button>
        </div>
      }
    >
      <div className="flex flex-col items-center gap-3">
        <QrCode value={url} label="QR code of the waitlist join link" size={224} />
        <a href={url} className="text-sm break-all underline underline-offset-2" data-testid="waitlist-join-url">
          {url}
        </a>
        <p aria-live="polite" className="text-sm text-ink-muted">
          {copied}
        </p>
      </div>
    </Dialog>
  );
}
