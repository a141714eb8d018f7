import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderBoardEntry } from '@kusina/domain/order-management';
import { useRealtimeStore } from '../../../stores/realtime-store.ts';
import { apiError, mockApi, type ApiCall } from '../../../test/api-mock.ts';
import { sockets, type FakeSocket } from '../../../test/fake-socket.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import { boardEntry, orderList } from '../../../test/admin-fixtures.ts';
import { ORDER_SOUND_MUTED_KEY, reloadSoundPreference } from '../utils/order-alert-sound.ts';

const staff = makeUser({ id: 3, role: 'staff', first_name: 'Kekoa', last_name: 'Staff', name: 'Kekoa Staff', restaurant_id: 1 });

/**
 * The server as the board sees it: a list of orders that GET /admin/orders pages through (every
 * filter it sends is recorded), the unacknowledged count, and the acknowledge calls.
 */
function boardServer(initial: OrderBoardEntry[]) {
  const orders = [...initial];
  const unacknowledged = () => orders.filter((order) => order.acknowledged_at === null);
  const acknowledge = (ids: number[]) => {
    const at = '2026-03-05T08:40:00.000Z';
    const done = orders.filter((order) => ids.includes(order.id) && order.acknowledged_at === null);
    done.forEach((order) => (order.acknowledged_at = at));
    return { restaurant_id: 1, acknowledged_ids: done.map((order) => order.id), acknowledged_at: at, unacknowledged_count: unacknowledged().length };
  };
  const api = mockApi({
    'GET /admin/orders': () => ({ body: orderList([...orders].sort((a, b) => b.id - a.id)) }),
    'GET /admin/orders/unacknowledged_count': () => ({
      body: { restaurant_id: 1, count: unacknowledged().length, latest_order_id: unacknowledged().reduce<number | null>((max, o) => Math.max(max ?? 0, o.id), null) },
    }),
    'POST /admin/orders/102/acknowledge': () => ({ body: acknowledge([102]) }),
    'POST /admin/orders/acknowledge_all': (call: ApiCall) => {
      const upTo = (call.body as { up_to_id?: number }).up_to_id ?? Infinity;
      return { body: acknowledge(orders.filter((order) => order.id <= upTo).map((order) => order.id)) };
    },
  });
  const listCalls = () => api.callsTo('GET', '/admin/orders');
  return { api, orders, listCalls, lastList: () => listCalls().at(-1)!.query };
}

async function staffSocket(): Promise<FakeSocket> {
  let socket: FakeSocket | undefined;
  await waitFor(async () => {
    await vi.dynamicImportSettled();
    socket = sockets.at(-1);
    expect(socket).toBeDefined();
  });
  act(() => socket!.serverEmit('connect'));
  return socket!;
}

const cards = () => screen.getAllByTestId('order-card');

describe('the live order board', () => {
  beforeEach(() => {
    sockets.length = 0;
    reloadSoundPreference();
  });
  afterEach(() => {
    // Unmount first: nothing may fetch once the fake network is gone.
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useRealtimeStore.setState({ fallback: false });
  });

  it('lists the active orders, joins the staff room with the session cookie in the handshake (no token in the page), and adds a pushed order on top with a count and an announcement', async () => {
    const server = boardServer([boardEntry({ id: 101, order_number: 'K-10101', status: 'preparing' })]);
    renderApp('/admin', { user: staff });

    expect(await screen.findByRole('heading', { level: 1, name: 'Staff Tools / Order Management' })).toBeInTheDocument();
    expect(await screen.findByText('K-10101')).toBeInTheDocument();
    expect(server.lastList().get('status')).toBe('pending,confirmed,preparing,ready');
    expect(server.lastList().get('page')).toBe('1');
    expect(screen.getByTestId('unacknowledged-count')).toHaveTextContent('No new orders to acknowledge');
    // Staff without admin rights see the board and the menu's stock view, nothing else (0064).
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Order Management', 'Menu stock']);

    expect(screen.getByTestId('board-connection')).toHaveTextContent('Connecting…');
    const socket = await staffSocket();
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(socket.options).toMatchObject({ path: '/socket.io' });
    expect((socket.options as { auth?: unknown }).auth).toBeUndefined();
    expect(socket.emitted).toContainEqual({ event: 'subscribe', payload: { channel: 'staff', restaurant_id: 1 } });

    const placed = boardEntry({ id: 102, order_number: 'K-10102', contact_name: 'Kai Santos', item_count: 2, acknowledged_at: null, created_at: new Date().toISOString() });
    server.orders.push(placed);
    act(() => socket.serverEmit('order_created', { order: placed }));

    await waitFor(() => expect(within(cards()[0]!).getByText('K-10102')).toBeInTheDocument());
    expect(cards()).toHaveLength(2);
    expect(within(cards()[0]!).getByText('New')).toBeInTheDocument();
    expect(screen.getByTestId('unacknowledged-count')).toHaveTextContent('1 new order to acknowledge');
    expect(screen.getByTestId('board-announcer')).toHaveTextContent('New order K-10102 from Kai Santos, 2 items.');
  });

  it('acknowledges one order, then all of them up to the newest shown', async () => {
    const server = boardServer([
      boardEntry({ id: 101, order_number: 'K-10101', acknowledged_at: null }),
      boardEntry({ id: 102, order_number: 'K-10102', acknowledged_at: null }),
    ]);
    const { user } = renderApp('/admin', { user: staff });
    await screen.findByText('K-10102');
    expect(await screen.findByText('2 new orders to acknowledge')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Acknowledge order K-10102' }));
    expect(await screen.findByText('1 new order to acknowledge')).toBeInTheDocument();
    expect(server.api.callsTo('POST', '/admin/orders/102/acknowledge')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Acknowledge order K-10102' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Acknowledge all' }));
    expect(await screen.findByText('No new orders to acknowledge')).toBeInTheDocument();
    expect(server.api.callsTo('POST', '/admin/orders/acknowledge_all')[0]?.body).toEqual({ up_to_id: 102 });
    expect(screen.queryAllByText('New')).toHaveLength(0);
  });

  it('clears the badge when another screen acknowledges (orders_acknowledged)', async () => {
    boardServer([boardEntry({ id: 102, order_number: 'K-10102', acknowledged_at: null })]);
    renderApp('/admin', { user: staff });
    expect(await screen.findByText('1 new order to acknowledge')).toBeInTheDocument();
    const socket = await staffSocket();
    act(() =>
      socket.serverEmit('orders_acknowledged', {
        restaurant_id: 1,
        ids: [102],
        acknowledged_at: '2026-03-05T08:40:00.000Z',
        acknowledged_by: { id: 4, name: 'Ana Admin', role: 'admin' },
        unacknowledged_count: 0,
      }),
    );
    expect(await screen.findByText('No new orders to acknowledge')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge order K-10102' })).not.toBeInTheDocument();
  });

  it("shows an order whose order_created its node missed, once the server says catch_up (0088)", async () => {
    const server = boardServer([boardEntry({ id: 101, order_number: 'K-10101', acknowledged_at: null })]);
    renderApp('/admin', { user: staff });
    await screen.findByText('K-10101');
    const socket = await staffSocket();
    // Placed on another node while this node's LISTEN connection was down: no event ever comes.
    server.orders.push(boardEntry({ id: 102, order_number: 'K-10102', acknowledged_at: null }));
    const before = server.listCalls().length;
    act(() => socket.serverEmit('catch_up', { gap_ms: 3100 }));
    expect(await screen.findByText('K-10102')).toBeInTheDocument();
    expect(server.listCalls().length).toBeGreaterThan(before);
    expect(await screen.findByText('2 new orders to acknowledge')).toBeInTheDocument();
  });

  it('turns the filters, the search and the page into the query and keeps them in the URL', async () => {
    const server = boardServer([boardEntry({ id: 101 })]);
    const { user } = renderApp('/admin', { user: staff });
    await screen.findByText('K-10101');

    await user.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: /^Ready/ }));
    await waitFor(() => expect(server.lastList().get('status')).toBe('ready'));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?status=ready');

    await user.selectOptions(screen.getByLabelText('Placed by'), 'staff');
    await waitFor(() => expect(server.lastList().get('source')).toBe('staff'));

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-03-05' } });
    await waitFor(() => expect(server.lastList().get('date')).toBe('2026-03-05'));
    expect(server.lastList().get('date_by')).toBe('created');
    await user.selectOptions(screen.getByLabelText('Day of'), 'pickup');
    await waitFor(() => expect(server.lastList().get('date_by')).toBe('pickup'));

    await user.selectOptions(screen.getByLabelText('Location'), 'Kusina Tamuning');
    await waitFor(() => expect(server.lastList().get('location')).toBe('Kusina Tamuning'));

    // The search waits until typing stops: one request for the whole word, not one per key.
    const before = server.listCalls().length;
    await user.type(screen.getByLabelText('Search orders'), 'Cruz');
    await waitFor(() => expect(server.lastList().get('q')).toBe('Cruz'));
    expect(server.listCalls().slice(before).filter((call) => call.query.get('q'))).toHaveLength(1);
    expect(server.lastList().get('status')).toBe('ready');

    await user.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: /^All/ }));
    await waitFor(() => expect(server.lastList().has('status')).toBe(false));
    expect(screen.getByTestId('location')).toHaveTextContent('status=all');
  });

  it('pages through the orders', async () => {
    const server = boardServer([]);
    server.api.fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const page = Number(url.searchParams.get('page'));
      const body = url.pathname.endsWith('/unacknowledged_count')
        ? { restaurant_id: 1, count: 0, latest_order_id: null }
        : orderList([boardEntry({ id: 200 + page, order_number: `K-20${page}` })], { total_count: 45, total_pages: 3, page });
      server.api.calls.push({ method: 'GET', path: url.pathname.replace(/^\/api\/v1/, ''), query: url.searchParams, body: undefined, headers: new Headers() });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const { user } = renderApp('/admin', { user: staff });
    expect(await screen.findByText('K-201')).toBeInTheDocument();
    expect(screen.getByText(/Page 1 of 3 · 45 orders/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('K-202')).toBeInTheDocument();
    expect(server.lastList().get('page')).toBe('2');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?page=2');
  });

  it('polls every 5 s while the live connection is down, and not while it is up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = boardServer([boardEntry({ id: 101 })]);
    renderApp('/admin', { user: staff });
    await screen.findByText('K-10101');
    await staffSocket();
    const settled = server.listCalls().length;

    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    expect(server.listCalls()).toHaveLength(settled);

    act(() => useRealtimeStore.setState({ fallback: true }));
    expect(await screen.findByText(/Connection lost · checking every 5 s/)).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    await waitFor(() => expect(server.listCalls().length).toBe(settled + 1));
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    await waitFor(() => expect(server.listCalls().length).toBe(settled + 2));
  });

  it('chimes for a polled new order once the browser allows sound, and stays quiet when muted', async () => {
    const tones: number[] = [];
    class FakeAudioContext {
      state = 'suspended';
      currentTime = 0;
      destination = {};
      resume() {
        this.state = 'running';
        return Promise.resolve();
      }
      createOscillator() {
        return { type: 'sine', frequency: { setValueAtTime: (hz: number) => tones.push(hz) }, connect: (node: unknown) => node, start: () => undefined, stop: () => undefined };
      }
      createGain() {
        return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (node: unknown) => node };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const server = boardServer([boardEntry({ id: 101 })]);
    const { user } = renderApp('/admin', { user: staff });
    await screen.findByText('K-10101');
    expect(screen.getByText('Click anywhere to turn on the new-order sound')).toBeInTheDocument();
    // The first click anywhere unlocks audio.
    await user.click(screen.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(screen.queryByText('Click anywhere to turn on the new-order sound')).not.toBeInTheDocument());

    const socket = await staffSocket();
    const placed = boardEntry({ id: 103, order_number: 'K-10103', acknowledged_at: null });
    server.orders.push(placed);
    act(() => socket.serverEmit('order_created', { order: placed }));
    await waitFor(() => expect(tones).toEqual([880, 1320]));

    await user.click(screen.getByRole('button', { name: 'Mute sound' }));
    expect(screen.getByRole('button', { name: 'Mute sound' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(ORDER_SOUND_MUTED_KEY)).toBe('true');
    const next = boardEntry({ id: 104, order_number: 'K-10104', acknowledged_at: null });
    server.orders.push(next);
    act(() => socket.serverEmit('order_created', { order: next }));
    expect(await screen.findByText('K-10104')).toBeInTheDocument();
    expect(tones).toEqual([880, 1320]);
  });

  it('shows an empty board plainly', async () => {
    boardServer([]);
    renderApp('/admin', { user: staff });
    expect(await screen.findByText('No active orders right now.')).toBeInTheDocument();
  });

  it('says when the orders cannot be loaded and tries again on request', async () => {
    let fail = true;
    const api = mockApi({
      'GET /admin/orders': () => (fail ? apiError(500, 'boom') : { body: orderList([boardEntry()]) }),
      'GET /admin/orders/unacknowledged_count': { body: { restaurant_id: 1, count: 0, latest_order_id: null } },
    });
    const { user } = renderApp('/admin', { user: staff });
    expect(await screen.findByText('The orders could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('K-10101')).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/orders')).toHaveLength(2);
  });
});
