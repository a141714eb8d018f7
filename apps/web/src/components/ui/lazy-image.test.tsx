import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The browser's IntersectionObserver, driven by the test: `enter(element)` scrolls it near. */
const observers: FakeObserver[] = [];
class FakeObserver {
  readonly watched = new Set<Element>();
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    observers.push(this);
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  enter(element: Element) {
    if (this.watched.has(element)) this.callback([{ target: element, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

describe('LazyImage', () => {
  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('one observer waits for every image of the page; each loads when it comes near, and stops being watched', async () => {
    const { LazyImage, IMAGE_ROOT_MARGIN } = await import('./lazy-image.tsx');
    const { container, unmount } = render(
      <div>
        {Array.from({ length: 12 }, (_, i) => (
          <LazyImage key={i} src={`/images/menu/plate-${i}.svg`} alt="" />
        ))}
      </div>,
    );
    expect(observers).toHaveLength(1);
    const [observer] = observers;
    expect(observer!.options).toEqual({ rootMargin: IMAGE_ROOT_MARGIN });
    expect(observer!.watched.size).toBe(12);
    expect(container.querySelectorAll('img')).toHaveLength(0);

    const holders = container.querySelectorAll(':scope > div > div');
    act(() => observer!.enter(holders[3]!));
    expect(Array.from(container.querySelectorAll('img'), (img) => img.getAttribute('src'))).toEqual(['/images/menu/plate-3.svg']);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(observer!.watched.size).toBe(11);

    unmount();
    expect(observer!.watched.size).toBe(0);
  });

  it('the first images load at once, the lead one with high priority, and are never observed', async () => {
    const { LazyImage } = await import('./lazy-image.tsx');
    const { container } = render(
      <div>
        <LazyImage src="/images/menu/first.svg" alt="" lead />
        <LazyImage src="/images/menu/second.svg" alt="" priority />
      </div>,
    );
    const images = container.querySelectorAll('img');
    expect(Array.from(images, (img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'auto'],
    ]);
    expect(observers.every((observer) => observer.watched.size === 0)).toBe(true);
  });
});
