import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { UtensilsCrossedIcon } from './icons.tsx';

/** Images start loading when they come within this distance of the viewport (storefront.md §9). */
export const IMAGE_ROOT_MARGIN = '300px';

export interface LazyImageProps {
  src: string | null | undefined;
  alt: string;
  /** The first cards of a list load at once, not when scrolled near (the first 6 on the menu, §9). */
  priority?: boolean;
  /**
   * The list's first image, the one a phone shows above the fold (the page's largest paint): asked
   * for with high priority. The other prioritised images load at once at the browser's own
   * priority, which rises for those in view, so below the fold they do not compete with it (0082).
   */
  lead?: boolean;
  className?: string;
  /** Shown when there is no image or it fails to load (default: the menu's plate icon). */
  placeholder?: ReactNode;
}

let observer: IntersectionObserver | null = null;
const waiting = new Map<Element, () => void>();

/**
 * Calls `onNear` once `element` comes within IMAGE_ROOT_MARGIN of the viewport. One observer serves
 * every waiting image of the page (the menu has about 45): a page's images cost one observer, not
 * one each to create, register and run when the page is adopted (0082). Returns the cancel.
 */
function whenNear(element: Element, onNear: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const callback = entry.isIntersecting ? waiting.get(entry.target) : undefined;
        if (!callback) continue;
        observer?.unobserve(entry.target);
        waiting.delete(entry.target);
        callback();
      }
    },
    { rootMargin: IMAGE_ROOT_MARGIN },
  );
  waiting.set(element, onNear);
  observer.observe(element);
  return () => {
    observer?.unobserve(element);
    waiting.delete(element);
  };
}

/**
 * A menu photo: prioritised ones load eagerly; the rest wait for an IntersectionObserver with a
 * 300 px margin. A missing or broken image shows a neutral placeholder instead.
 */
export function LazyImage({ src, alt, priority = false, lead = false, className, placeholder }: LazyImageProps) {
  const holder = useRef<HTMLDivElement>(null);
  // The server renders only the prioritised images, as the browser's first render does.
  const [near, setNear] = useState(priority || lead || (typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined'));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (near || !holder.current) return;
    return whenNear(holder.current, () => setNear(true));
  }, [near]);

  const showImage = Boolean(src) && !failed;
  return (
    <div ref={holder} className={cn('relative overflow-hidden bg-surface-sunken', className)}>
      {showImage && near ? (
        <img
          src={src ?? undefined}
          alt={alt}
          // The frame reserves the space; the intrinsic size lets the browser lay out before decoding.
          width={400}
          height={300}
          loading={priority || lead ? 'eager' : 'lazy'}
          fetchPriority={lead ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : null}
      {!showImage ? (
        <div className="flex size-full items-center justify-center text-ink-subtle">
          {placeholder ?? <UtensilsCrossedIcon className="size-8" />}
        </div>
      ) : null}
    </div>
  );
}
