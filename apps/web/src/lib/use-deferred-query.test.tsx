import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredQuery } from './use-deferred-query.ts';

function Probe({ data, isError = false }: { data: string[] | undefined; isError?: boolean }) {
  const shown = useDeferredQuery({ data, isError });
  return <p>{shown.isPending ? 'pending' : (shown.data?.join(',') ?? 'none')}</p>;
}

describe('useDeferredQuery', () => {
  it('is pending until the data arrives, then shows it; an error without data is not pending', () => {
    const { rerender } = render(<Probe data={undefined} />);
    expect(screen.getByText('pending')).toBeInTheDocument();
    act(() => rerender(<Probe data={['a', 'b']} />));
    expect(screen.getByText('a,b')).toBeInTheDocument();
    act(() => rerender(<Probe data={['a', 'b', 'c']} />));
    expect(screen.getByText('a,b,c')).toBeInTheDocument();
    act(() => rerender(<Probe data={undefined} isError />));
    expect(screen.getByText('none')).toBeInTheDocument();
  });
});
