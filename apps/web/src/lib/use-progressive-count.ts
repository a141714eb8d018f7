import { startTransition, useEffect, useState } from 'react';

/** Runs `callback` once the browser has painted the current frame (a task after the next frame). */
function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame === 'undefined') {
    timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * How many of a list's `total` entries to render: `first` (about a screen) in the commit that first
 * shows the list, then `step` more after each paint, in background passes React can interrupt,
 * until all are there (decision 0054). Each commit stays small, so the list arriving is no single
 * long task and the first screen paints before the rest is built. Only the first appearance is
 * stepped: once everything has been shown the count is Infinity for good, so a later list (a
 * search, a live stock change) renders whole and nothing the visitor scrolled to ever goes away.
 */
export function useProgressiveCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count === Infinity || total === 0) return;
    return afterNextPaint(() => startTransition(() => setCount((shown) => (shown + step >= total ? Infinity : shown + step))));
  }, [count, total, step]);
  return count;
}

/** The sections' first `count` entries (whole sections, then part of the last one). */
export function firstEntries<S extends { items: readonly unknown[] }>(sections: readonly S[], count: number): readonly S[] {
  if (count === Infinity) return sections;
  const shown: S[] = [];
  let left = count;
  for (const section of sections) {
    if (left <= 0) break;
    shown.push(section.items.length <= left ? section : { ...section, items: section.items.slice(0, left) });
    left -= section.items.length;
  }
  return shown;
}
