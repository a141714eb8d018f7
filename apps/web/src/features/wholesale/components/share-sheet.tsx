import { useId, useRef, useState } from 'react';
import { Check, Copy, MessageSquare, Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { facebookShareUrl, smsShareUrl, whatsappShareUrl } from '../../../lib/share-urls.ts';
import { shopToast } from '../toast.ts';

const option =
  'flex min-h-12 w-full items-center gap-3 rounded-xl border border-line bg-surface px-4 py-2 text-left font-semibold text-ink transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

export const ShareText = {
  copied: 'Link copied',
  copyFailed: 'Copying is not available here: select the link and copy it.',
};

/**
 * A participant's share sheet (decision 0122): the phone's own sheet where the browser has one
 * (navigator.share), otherwise — or when it fails — a dialog with Text message, WhatsApp, Facebook
 * and Copy link (confirmed on screen and to screen readers), the link itself shown to select by hand.
 */
export function ShareSheet({ url, title, text, label = 'Share' }: { url: string; title: string; text: string; label?: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const linkId = useId();

  const share = async () => {
    if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // Closing the phone's sheet is not an error; anything else falls back to ours.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setCopied(null);
    setOpen(true);
  };

  const copy = async () => {
    try {
      if (typeof navigator.clipboard?.writeText !== 'function') throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setCopied('yes');
      shopToast('success', ShareText.copied);
    } catch {
      setCopied('failed');
      linkRef.current?.select();
    }
  };

  return (
    <>
      <Button onClick={() => void share()} icon={<Share2 aria-hidden="true" className="size-5" />}>
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={label} description="Send the link to the page by text, WhatsApp or Facebook, or copy it.">
        <ul className="space-y-2">
          <li>
            <a className={option} href={smsShareUrl(url, text)}>
              <MessageSquare aria-hidden="true" className="size-5" />
              Text message
            </a>
          </li>
          <li>
            <a className={option} href={whatsappShareUrl(url, text)} target="_blank" rel="noopener noreferrer">
              <span aria-hidden="true" className="inline-flex size-5 items-center justify-center text-xs font-bold">
                WA
              </span>
              WhatsApp <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
          <li>
            <a className={option} href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer">
              <span aria-hidden="true" className="inline-flex size-5 items-center justify-center text-sm font-bold">
                f
              </span>
              Facebook <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
          <li>
            <button type="button" className={option} onClick={() => void copy()}>
              {copied === 'yes' ? <Check aria-hidden="true" className="size-5" /> : <Copy aria-hidden="true" className="size-5" />}
              {copied === 'yes' ? ShareText.copied : 'Copy link'}
            </button>
          </li>
        </ul>
        <label htmlFor={linkId} className="mt-4 block text-sm font-semibold">
          Link to the page
        </label>
        <input id={linkId} ref={linkRef} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="mt-1 w-full min-w-0 rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-ink" />
        <p role="status" className="mt-2 min-h-5 text-sm font-semibold">
          {copied === 'yes' ? `${ShareText.copied}: it is ready to paste.` : copied === 'failed' ? ShareText.copyFailed : ''}
        </p>
      </Dialog>
    </>
  );
}
