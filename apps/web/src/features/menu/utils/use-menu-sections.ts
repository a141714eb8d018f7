import { useCallback, useEffect, useState, type MouseEvent, type RefObject } from 'react';

/** Room left above a section's heading when the page scrolls to it. */
const GAP_PX = 8;

/**
 * The menu's category bar (decision 0043): it sticks under the sticky header, marks the section
 * on screen as the menu scrolls, and a chip scrolls to its section (All to the top of the menu).
 * While the menu is open, the page's scroll padding covers header and bar, so neither a jump nor
 * a focused card ends up hidden under them (WCAG 2.2 2.4.11).
 */
export function useMenuSections(sectionIds: number[], bar: RefObject<HTMLElement | null>) {
  const [current, setCurrent] = useState<number | null>(null);
  const [stickyTop, setStickyTop] = useState(0);
  const [barHeight, setBarHeight] = useState(0);
  const key = sectionIds.join(',');

  // The header's height (it wraps differently per screen and text size) and the bar's own, read
  // when the ResizeObserver reports them (it does so once the browser has laid the page out, and on
  // every change): read right after the menu's commit, they forced the browser to lay out the whole
  // new page from script, more than half of that task (0056). The bar only sticks once the page is
  // scrolled, a frame later at the earliest.
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('body header');
    const measure = () => {
      setStickyTop(header?.offsetHeight ?? 0);
      setBarHeight(bar.current?.offsetHeight ?? 0);
    };
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    if (header) observer.observe(header);
    if (bar.current) observer.observe(bar.current);
    return () => observer.disconnect();
  }, [bar]);

  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.scrollPaddingTop;
    root.style.scrollPaddingTop = `${stickyTop + barHeight + GAP_PX}px`;
    return () => {
      root.style.scrollPaddingTop = previous;
    };
  }, [stickyTop, barHeight]);

  // The current section: the last one whose heading has passed under the bar.
  useEffect(() => {
    const ids = key ? key.split(',').map(Number) : [];
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = stickyTop + barHeight + GAP_PX + 1;
      let found: number | null = null;
      for (const id of ids) {
        const box = document.querySelector(`[data-menu-section="${id}"]`)?.getBoundingClientRect();
        // A section with no box (not laid out) is never "on screen".
        if (box && box.height > 0 && box.top <= line) found = id;
      }
      setCurrent(found);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    // At the top of the page no heading has passed under the bar (the bar and the search sit above
    // the sections; the last scroll event, to the top, left none marked), so nothing is read:
    // reading boxes right after the menu's commit would force its layout from script. Scrolled
    // (a restored position, a new search), look in the next frame.
    if (scrollY > 0) onScroll();
    addEventListener('scroll', onScroll, { passive: true });
    addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', onScroll);
      removeEventListener('resize', onScroll);
    };
  }, [key, stickyTop, barHeight]);

  // Keep the current chip visible inside the bar's own horizontal scroll (never the page's).
  useEffect(() => {
    const list = bar.current?.querySelector('ul');
    const chip = current === null ? list?.firstElementChild : bar.current?.querySelector(`[data-category-chip="${current}"]`);
    if (!list || !(chip instanceof HTMLElement)) return;
    if (chip.offsetLeft < list.scrollLeft || chip.offsetLeft + chip.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = chip.offsetLeft - 16;
    }
  }, [current, bar]);

  const jumpTo = useCallback((event: MouseEvent<HTMLAnchorElement>, id: number | null) => {
    const target = document.getElementById(id === null ? 'menu-results' : `menu-category-${id}`);
    if (!target) return;
    event.preventDefault();
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    setCurrent(id);
    // Keyboard and screen-reader users continue from the section's heading.
    const heading = target.querySelector<HTMLElement>('h2');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, []);

  return { current, jumpTo, stickyTop };
}
