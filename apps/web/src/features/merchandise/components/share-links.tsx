import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Check, Link as LinkIcon, Share2 } from 'lucide-react';
import { facebookShareUrl, xShareUrl } from '../../../lib/share-urls.ts';
import { merchandiseErrorMessage, MerchandiseText } from '../messages.ts';

/** Share targets (the spec asks for share icons; these are the ones that work without an SDK). */
export { facebookShareUrl, xShareUrl };

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-full border border-line-strong bg-surface text-ink transition-colors hover:bg-surface-muted';

/** Brand marks as plain SVG (lucide has no brand icons). Facebook: Lucide's former icon (ISC); X: the X logo. */
function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </svg>
  );
}

function XIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-4" fill="currentColor">
      <path d="M18.901 1.153h3.68l-8.04 9.19L24 22.846h-7.406l-5.8-7.584-6.638 7.584H.474l8.6-9.83L0 1.154h7.594l5.243 6.932ZM17.61 20.644h2.039L6.486 3.24H4.298Z" />
    </svg>
  );
}

/**
 * Copy link, the device's share sheet, Facebook and X. Copy and native share are offered only where
 * the browser supports them, so no button does nothing.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const canCopy = typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(MerchandiseText.linkCopied);
      setTimeout(() => setCopied(false), 2000);
    } catch (error) {
      toast.error(merchandiseErrorMessage(error));
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is not an error.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error(merchandiseErrorMessage(error));
    }
  };

  return (
    <div role="group" aria-label="Share" className="flex flex-wrap items-center gap-2">
      <span className="mr-1 text-sm font-semibold">Share</span>
      {canCopy ? (
        <button type="button" className={iconButton} onClick={() => void copy()} aria-label={copied ? MerchandiseText.linkCopied : 'Copy link'}>
          {copied ? <Check aria-hidden="true" className="size-5" /> : <LinkIcon aria-hidden="true" className="size-5" />}
        </button>
      ) : null}
      {canShare ? (
        <button type="button" className={iconButton} onClick={() => void share()} aria-label="Share…">
          <Share2 aria-hidden="true" className="size-5" />
        </button>
      ) : null}
      <a className={iconButton} href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer" aria-label="Share on Facebook (opens in a new tab)">
        <FacebookIcon />
      </a>
      <a className={iconButton} href={xShareUrl(url, title)} target="_blank" rel="noopener noreferrer" aria-label="Share on X (opens in a new tab)">
        <XIcon />
      </a>
    </div>
  );
}
