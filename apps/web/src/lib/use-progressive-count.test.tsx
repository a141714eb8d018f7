import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstEntries, useProgressiveCount } from './use-progressive-count.ts';

function List({ items }: { items: string[] }) {
  const count = useProgressiveCount(items.length, 2, 3);
  return (
    <ul>
      {items.slice(0, count).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const letters = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + i));

describe('useProgressiveCount', () => {
  it('renders the first entries in the first commit and the rest in following passes, then lists whole for good', async () => {
    const { rerender } = render(<List items={letters(10)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    // Each pass adds entries until all ten are there.
    expect(await screen.findByText('e')).toBeInTheDocument();
    expect(await screen.findByText('j')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    // A later list (a search, a live update) is whole at once: nothing shown goes away.
    rerender(<List items={letters(12)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
  });

  it('waits for a list to have entries before stepping', async () => {
    const { rerender } = render(<List items={[]} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    rerender(<List items={letters(6)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(await screen.findByText('f')).toBeInTheDocument();
  });
});

describe('firstEntries', () => {
  const sections = [
    { id: 1, items: ['a', 'b'] },
    { id: 2, items: ['c', 'd', 'e'] },
    { id: 3, items: ['f'] },
  ];
  it('keeps whole sections, then part of the last one', () => {
    expect(firstEntries(sections, 3)).toEqual([sections[0], { id: 2, items: ['c'] }]);
    expect(firstEntries(sections, 2)).toEqual([sections[0]]);
    expect(firstEntries(sections, Infinity)).toBe(sections);
  });
});
