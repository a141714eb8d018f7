import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusPageHeading } from './route-focus.ts';

function page() {
  document.body.innerHTML = '<a href="/x" id="link">Link</a><main id="main-content" tabindex="-1"></main><div role="dialog" aria-label="Edit"><input id="field"></div>';
  return { main: document.getElementById('main-content')!, field: document.getElementById('field') as HTMLInputElement };
}

describe('focus after a route change', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it("moves focus from the clicked link to the new page's heading once it arrives", async () => {
    vi.useFakeTimers();
    const { main } = page();
    document.getElementById('link')!.focus();
    focusPageHeading();
    await vi.advanceTimersByTimeAsync(200);
    main.innerHTML = '<h1>Manage Reservations</h1>';
    await vi.advanceTimersByTimeAsync(200);
    expect(document.activeElement).toBe(main.querySelector('h1'));
  });

  it('leaves focus in a dialog opened while the page was still arriving', async () => {
    vi.useFakeTimers();
    const { main, field } = page();
    focusPageHeading();
    field.focus();
    await vi.advanceTimersByTimeAsync(200);
    main.innerHTML = '<h1>Manage Reservations</h1>';
    await vi.advanceTimersByTimeAsync(200);
    expect(document.activeElement).toBe(field);
  });
});
