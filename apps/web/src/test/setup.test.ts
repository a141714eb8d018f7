import { expect, it } from 'vitest';

// React gives a keystroke urgent priority by reading window.event; the test setup sets it as browsers do.
it('sets window.event while an event is dispatched, as browsers do', () => {
  const input = document.createElement('input');
  document.body.append(input);
  let seen: string | undefined;
  input.addEventListener('input', () => {
    seen = (window as unknown as { event?: Event }).event?.type;
  });
  input.dispatchEvent(new Event('input', { bubbles: true }));
  expect(seen).toBe('input');
  expect((window as unknown as { event?: Event }).event).toBeUndefined();
  input.remove();
});
