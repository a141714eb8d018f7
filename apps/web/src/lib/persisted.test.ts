import { afterEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import { persisted } from './persisted.ts';

interface Cart {
  lines: string[];
  note: string;
  setLines(lines: string[]): void;
}

const makeStore = () =>
  create<Cart>()(
    persisted(
      (set) => ({ lines: [], note: 'not saved', setLines: (lines) => set({ lines }) }),
      { name: 'test-cart', partialize: ({ lines }) => ({ lines }) },
    ),
  );

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('persisted', () => {
  it("reads what zustand's persist saved, and saves only the chosen part in the same format", () => {
    localStorage.setItem('test-cart', JSON.stringify({ state: { lines: ['spam musubi'] }, version: 0 }));
    const store = makeStore();
    expect(store.getState().lines).toEqual(['spam musubi']);
    expect(store.getState().note).toBe('not saved');

    store.getState().setLines(['spam musubi', 'red rice']);
    expect(JSON.parse(localStorage.getItem('test-cart')!)).toEqual({ state: { lines: ['spam musubi', 'red rice'] }, version: 0 });
    expect(makeStore().getState().lines).toEqual(['spam musubi', 'red rice']);
  });

  it('starts empty from unreadable or blocked storage and keeps working', () => {
    localStorage.setItem('test-cart', '{not json');
    expect(makeStore().getState().lines).toEqual([]);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const store = makeStore();
    store.getState().setLines(['haupia']);
    expect(store.getState().lines).toEqual(['haupia']);
  });
});
