import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock.ts';
import { createTestQueryClient } from '../test/render-app.tsx';
import { GLOBAL_LOADING_DELAY_MS, GlobalLoadingOverlay } from './global-loading.tsx';

/** A request that answers when the test says so. */
function deferred() {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((done) => (resolve = done));
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function renderOverlay(client: QueryClient) {
  mockApi(); // the overlay reads the site's spinner image
  return render(
    <QueryClientProvider client={client}>
      <GlobalLoadingOverlay />
    </QueryClientProvider>,
  );
}

describe('global loading overlay (storefront.md §9)', () => {
  it('shows once a flagged save has lasted 700 ms, and goes when it is done', async () => {
    const client = createTestQueryClient();
    renderOverlay(client);
    const save = deferred();
    let saving!: Promise<unknown>;
    act(() => {
      saving = client.getMutationCache().build(client, { mutationFn: () => save.promise, meta: { globalLoading: true } }).execute(undefined);
    });
    await sleep(GLOBAL_LOADING_DELAY_MS - 300);
    expect(screen.queryByRole('status')).toBeNull();
    expect(await screen.findByRole('status', {}, { timeout: 2000 })).toHaveTextContent('Loading…');
    await act(async () => {
      save.resolve('ok');
      await saving;
    });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('shows for a flagged query loading for the first time, not for other work', async () => {
    const client = createTestQueryClient();
    renderOverlay(client);
    const unflagged = deferred();
    const flagged = deferred();
    act(() => {
      void client.fetchQuery({ queryKey: ['plain'], queryFn: () => unflagged.promise });
      void client.getMutationCache().build(client, { mutationFn: () => unflagged.promise }).execute(undefined);
    });
    await sleep(GLOBAL_LOADING_DELAY_MS + 200);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      void client.fetchQuery({ queryKey: ['flagged'], queryFn: () => flagged.promise, meta: { globalLoading: true } });
    });
    expect(await screen.findByRole('status', {}, { timeout: 2000 })).toHaveTextContent('Loading…');
    await act(async () => {
      flagged.resolve('ok');
      unflagged.resolve('ok');
      await sleep(0);
    });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
