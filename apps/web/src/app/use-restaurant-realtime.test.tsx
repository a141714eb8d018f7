import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRestaurant } from '../lib/restaurant.ts';
import { useRealtimeStore } from '../stores/realtime-store.ts';
import { mockApi } from '../test/api-mock.ts';
import { sockets } from '../test/fake-socket.ts';
import { createTestQueryClient } from '../test/render-app.tsx';
import { useRestaurantRealtime } from './use-restaurant-realtime.ts';
import { useMenu } from '../lib/menu.ts';
import { markFirstPageShown, setServerRendered } from '../lib/server-rendered.ts';

function Probe() {
  const { data } = useRestaurant();
  useRestaurantRealtime(1);
  return <p>{data?.name ?? 'loading'}</p>;
}

/** waitFor polls with setTimeout, which is faked here: poll on real macrotasks instead. */
async function eventually(check: () => void) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      check();
      return;
    } catch {
      await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    }
  }
  check();
}

/** The page has loaded (jsdom's readyState is 'complete'): the deferred connection opens on the next tick. */
async function connectedSocket() {
  await act(async () => {
    vi.advanceTimersByTime(0);
  });
  await vi.dynamicImportSettled();
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket opened');
  act(() => socket.serverEmit('connect'));
  return socket;
}

describe('restaurant realtime', () => {
  beforeEach(() => {
    sockets.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    useRealtimeStore.setState({ fallback: false });
  });

  it('subscribes to the restaurant channel with the token in the handshake, never the URL', async () => {
    mockApi();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    const socket = await connectedSocket();
    expect(socket.options).toMatchObject({ path: '/socket.io' });
    expect(socket.emitted).toContainEqual({ event: 'subscribe', payload: { channel: 'restaurant', restaurant_id: 1 } });
  });

  it('refetches the restaurant on restaurant_update at most once every 2 s', async () => {
    const api = mockApi();
    const restaurantFetches = () => api.callsTo('GET', '/restaurants/1').length;
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    await eventually(() => expect(restaurantFetches()).toBe(1));
    const socket = await connectedSocket();
    // Subscribed: one catch-up refetch, then a quiet spell so the next window starts afresh.
    await eventually(() => expect(restaurantFetches()).toBe(2));
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(restaurantFetches()).toBe(2);

    // A burst of five updates inside one window: one refetch now, one when the window ends.
    act(() => socket.serverEmit('restaurant_update', { id: 1 }));
    await eventually(() => expect(restaurantFetches()).toBe(3));
    for (let i = 0; i < 4; i++) {
      await act(async () => {
        vi.advanceTimersByTime(300);
        socket.serverEmit('restaurant_update', { id: 1 });
      });
    }
    expect(restaurantFetches()).toBe(3);
    await act(async () => {
      vi.advanceTimersByTime(799);
    });
    expect(restaurantFetches()).toBe(3);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await eventually(() => expect(restaurantFetches()).toBe(4));

    // Quiet for a while: the next update refetches at once again.
    await act(async () => {
      vi.advanceTimersByTime(5000);
      socket.serverEmit('restaurant_update', { id: 1 });
    });
    await eventually(() => expect(restaurantFetches()).toBe(5));
  });

  it('refetches an open menu on menu_update (a dish sold out or back), throttled like restaurant_update', async () => {
    const api = mockApi({ 'GET /menu': { body: { menu: { id: 1, name: 'Main' }, categories: [], items: [] } } });
    const menuFetches = () => api.callsTo('GET', '/menu').length;
    function OpenMenu() {
      useMenu();
      useRestaurantRealtime(1);
      return null;
    }
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <OpenMenu />
      </QueryClientProvider>,
    );
    await eventually(() => expect(menuFetches()).toBe(1));
    const socket = await connectedSocket();
    await eventually(() => expect(menuFetches()).toBe(2));
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    act(() => socket.serverEmit('menu_update', { restaurant_id: 1 }));
    await eventually(() => expect(menuFetches()).toBe(3));
    act(() => socket.serverEmit('menu_update', { restaurant_id: 1 }));
    expect(menuFetches()).toBe(3);
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    await eventually(() => expect(menuFetches()).toBe(4));
  });

  it("catches up when the server says its node missed events (catch_up, 0088), though this socket never dropped", async () => {
    const api = mockApi({ 'GET /menu': { body: { menu: { id: 1, name: 'Main' }, categories: [], items: [] } } });
    const menuFetches = () => api.callsTo('GET', '/menu').length;
    const restaurantFetches = () => api.callsTo('GET', '/restaurants/1').length;
    function OpenMenu() {
      useMenu();
      useRestaurant();
      useRestaurantRealtime(1);
      return null;
    }
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <OpenMenu />
      </QueryClientProvider>,
    );
    await eventually(() => expect(menuFetches()).toBe(1));
    const socket = await connectedSocket();
    await eventually(() => expect(menuFetches()).toBe(2));
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    act(() => socket.serverEmit('catch_up', { gap_ms: 4200 }));
    await eventually(() => expect(menuFetches()).toBe(3));
    expect(restaurantFetches()).toBe(3);
  });

  it('connects only once the page has loaded, and catches up on every (re)subscribe', async () => {
    const api = mockApi({ 'GET /menu': { body: { menu: { id: 1, name: 'Main' }, categories: [], items: [] } } });
    const menuFetches = () => api.callsTo('GET', '/menu').length;
    const restaurantFetches = () => api.callsTo('GET', '/restaurants/1').length;
    function OpenMenu() {
      useMenu();
      useRestaurant();
      useRestaurantRealtime(1);
      return null;
    }
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <OpenMenu />
      </QueryClientProvider>,
    );
    await eventually(() => expect(menuFetches()).toBe(1));
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    await vi.dynamicImportSettled();
    expect(sockets).toHaveLength(0);

    // The load event: the connection opens; a change made before it is fetched on subscribe.
    readyState.mockRestore();
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    const socket = await connectedSocket();
    expect(sockets).toHaveLength(1);
    await eventually(() => expect(menuFetches()).toBe(2));
    expect(restaurantFetches()).toBe(2);

    // Events sent during a disconnection are lost: the reconnect fetches again.
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    act(() => socket.serverEmit('disconnect', 'transport close'));
    act(() => socket.serverEmit('connect'));
    await eventually(() => expect(menuFetches()).toBe(3));
    expect(restaurantFetches()).toBe(3);

    // A refused subscription does not count as caught up (the screens poll instead).
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    socket.subscribeAck = { ok: false, error: 'Not allowed' };
    act(() => socket.serverEmit('connect'));
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(menuFetches()).toBe(3);
  });

  it('while a server-rendered page is being adopted, the catch-up waits until that page has committed (0081)', async () => {
    const api = mockApi();
    const restaurantFetches = () => api.callsTo('GET', '/restaurants/1').length;
    setServerRendered(true);
    try {
      render(
        <QueryClientProvider client={createTestQueryClient()}>
          <Probe />
        </QueryClientProvider>,
      );
      await eventually(() => expect(restaurantFetches()).toBe(1));
      const socket = await connectedSocket();
      expect(socket.emitted).toContainEqual({ event: 'subscribe', payload: { channel: 'restaurant', restaurant_id: 1 } });
      await act(async () => {
        vi.advanceTimersByTime(5000);
      });
      expect(restaurantFetches()).toBe(1);
      act(() => markFirstPageShown());
      await eventually(() => expect(restaurantFetches()).toBe(2));
    } finally {
      setServerRendered(false);
    }
  });

  it('sets the fallback flag when the connection is lost or refused and clears it on connect', async () => {
    mockApi();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    const socket = await connectedSocket();
    expect(useRealtimeStore.getState().fallback).toBe(false);
    act(() => socket.serverEmit('disconnect', 'transport close'));
    expect(useRealtimeStore.getState().fallback).toBe(true);
    act(() => socket.serverEmit('connect'));
    expect(useRealtimeStore.getState().fallback).toBe(false);
    act(() => socket.serverEmit('connect_error', new Error('refused')));
    expect(useRealtimeStore.getState().fallback).toBe(true);

    socket.subscribeAck = { ok: false, error: 'Not allowed' };
    act(() => socket.serverEmit('connect'));
    expect(useRealtimeStore.getState().fallback).toBe(true);
  });

  it('closes the socket on unmount', async () => {
    mockApi();
    const view = render(
      <QueryClientProvider client={createTestQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    const socket = await connectedSocket();
    view.unmount();
    expect(socket.disconnected).toBe(true);
  });
});
