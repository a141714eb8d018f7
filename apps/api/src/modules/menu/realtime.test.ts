import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MENU_UPDATE_EVENT } from '@kusina/domain/restaurants';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { listen, realtimeClients, restaurantListener, until, type RealtimeClients } from '../../test/realtime.ts';
import { menuUpdateAnnouncer } from './cache.ts';
import { itemNamed, readMenu } from './test-helpers.ts';

describe('menuUpdateAnnouncer', () => {
  it('sends at once, then at most once per interval per restaurant, always after the last change', () => {
    vi.useFakeTimers();
    try {
      const sent: number[] = [];
      const announcer = menuUpdateAnnouncer((id) => sent.push(id), 1000);
      announcer.announce(1);
      announcer.announce(1);
      announcer.announce(2);
      expect(sent).toEqual([1, 2]);
      vi.advanceTimersByTime(400);
      announcer.announce(1);
      announcer.announce(1);
      expect(sent).toEqual([1, 2]);
      vi.advanceTimersByTime(600);
      expect(sent).toEqual([1, 2, 1]);
      vi.advanceTimersByTime(5000);
      expect(sent).toEqual([1, 2, 1]);
      announcer.announce(1);
      announcer.stop();
      expect(sent).toEqual([1, 2, 1, 1]);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** Open menus follow stock live: a real Socket.IO client in the restaurant's room hears menu_update. */
describe('menu realtime', () => {
  let t: TestContext;
  let clients: RealtimeClients;

  beforeAll(async () => {
    t = await build();
    clients = realtimeClients(await listen(t));
  });
  afterAll(async () => {
    clients.closeAll();
    await t.close();
  });

  const subscribed = (restaurantId: number) => restaurantListener(clients, restaurantId, MENU_UPDATE_EVENT);

  it('tells open menus of that restaurant, and only them, when a dish sells out or comes back', async () => {
    const guests = await subscribed(1);
    const otherRestaurant = await subscribed(2);
    const staff = await tokenFor(t.app, t.db, 'staff@kusina.test');
    const musubi = itemNamed(await readMenu(t.app), 'Spam Musubi');

    const soldOut = await request(t.app, { method: 'PATCH', url: `/api/v1/menu_items/${musubi.id}/stock`, token: staff, payload: { available: false } });
    expect(soldOut.statusCode).toBe(200);
    await until(() => guests.length === 1, 'menu_update after the dish was switched off');
    expect(guests[0]).toEqual({ restaurant_id: 1 });

    // A direct database write (a manual fix, another node) is heard the same way, through NOTIFY.
    await t.pool.query('UPDATE menu_items SET available = true WHERE id = $1', [musubi.id]);
    await until(() => guests.length === 2, 'menu_update after the dish came back');
    expect(itemNamed(await readMenu(t.app), 'Spam Musubi').is_available).toBe(true);
    expect(otherRestaurant).toEqual([]);
  });

  it("tells open menus when staff change an option's stock (the Menu stock tab's count)", async () => {
    const guests = await subscribed(1);
    const staff = await tokenFor(t.app, t.db, 'staff@kusina.test');
    const extraRice = itemNamed(await readMenu(t.app), 'Hawaiian Mixed Plate').option_groups[2]?.options.find((o) => o.name === 'Extra Rice');
    const counted = await request(t.app, { method: 'PATCH', url: `/api/v1/options/${extraRice?.id}/stock`, token: staff, payload: { stock_quantity: 12 } });
    expect(counted.statusCode).toBe(200);
    await until(() => guests.length >= 1, 'menu_update after the option was counted');
    expect(guests[0]).toEqual({ restaurant_id: 1 });
    const option = itemNamed(await readMenu(t.app), 'Hawaiian Mixed Plate').option_groups[2]?.options.find((o) => o.name === 'Extra Rice');
    expect(option).toMatchObject({ stock_quantity: 12, available_quantity: 10 });
    // A count below the damaged units is refused and changes nothing.
    const refused = await request(t.app, { method: 'PATCH', url: `/api/v1/options/${extraRice?.id}/stock`, token: staff, payload: { stock_quantity: 1 } });
    expect(refused.statusCode).toBe(422);
    expect(itemNamed(await readMenu(t.app), 'Hawaiian Mixed Plate').option_groups[2]?.options.find((o) => o.name === 'Extra Rice')).toMatchObject({ stock_quantity: 12 });
  });
});
