import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '@kusina/domain/messages';
import { DEFAULT_SMS_COUNTRY_CODES, smsCountryMessage } from '@kusina/domain/restaurants';
import { build, request, type TestContext } from '../../test/build.ts';
import { signupBody } from '../accounts/test-support.ts';
import { checkout, createItem, openAllDay, pay, placeOrder } from '../orders/test-support.ts';
import { buy, createTestFundraiser, customer } from '../wholesale/test-support.ts';
import { api, demoLocations, demoTokens, guestBooking, messagesTo, type Tokens } from '../reservations/test-support.ts';

/**
 * Issue #33: requests without a sign-in that send a text or an e-mail are limited per destination
 * (per hour and per day, counted in PostgreSQL), and texts go only to the country codes the
 * restaurant allows.
 */
describe('messages per destination', () => {
  let t: TestContext;
  let http: ReturnType<typeof api>;
  let tokens: Tokens;
  let loc: Awaited<ReturnType<typeof demoLocations>>;
  // The limiter's clock (the bookings themselves are judged by the real one, for a day in 2030).
  let now = new Date('2030-05-01T00:00:00Z');
  beforeAll(async () => {
    t = await build({ MESSAGES_PER_DESTINATION_PER_HOUR: '2', MESSAGES_PER_DESTINATION_PER_DAY: '3', RESERVATION_RATE_LIMIT_PER_MINUTE: '10000' }, { now: () => now });
    http = api(t.app);
    tokens = await demoTokens(t.app, t.db);
    loc = await demoLocations(t.db);
  });
  afterAll(() => t.close());

  it("anonymous bookings: a phone and an address get at most the hour's and the day's messages; the bookings stand", async () => {
    const phone = '+16715550401';
    const email = 'often@example.com';
    const book = () => http.post('/reservations', guestBooking({ location_id: loc.tamuning, contact_phone: phone, contact_email: email }));
    const counts = async () => [(await messagesTo(t.db, phone)).length, (await messagesTo(t.db, email)).length];

    for (let i = 0; i < 3; i++) expect((await book()).statusCode).toBe(201);
    expect(await counts()).toEqual([2, 2]);
    // An hour on, the hour's window is new but the day's (3) is spent.
    now = new Date(now.getTime() + 3_600_000);
    expect((await book()).statusCode).toBe(201);
    expect(await counts()).toEqual([2, 2]);
    // Another guest is not held back by this one.
    expect((await http.post('/reservations', guestBooking({ location_id: loc.tamuning, contact_phone: '+16715550402', contact_email: 'once@example.com' }))).statusCode).toBe(201);
    expect(await messagesTo(t.db, '+16715550402')).toHaveLength(1);
    // Staff booking for a guest by phone are not anonymous: their messages go out.
    expect((await http.post('/reservations', guestBooking({ location_id: loc.tamuning, contact_phone: phone, contact_email: email }), tokens.staff)).statusCode).toBe(201);
    expect(await counts()).toEqual([3, 3]);
  });

  it('phone codes: the third signup texting one number in an hour is refused with 429', async () => {
    const phone = '+16715550403';
    expect((await request(t.app, { method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ phone }) })).statusCode).toBe(201);
    expect((await request(t.app, { method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ phone }) })).statusCode).toBe(201);
    const third = await request(t.app, { method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ phone }) });
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toBe(AccountMessages.tooManyMessages);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(await messagesTo(t.db, phone)).toHaveLength(2);
  });

  it("fundraiser orders without a sign-in: the orders stand, the confirmations stop at the destination's limit", async () => {
    const shop = await createTestFundraiser(t.db, { items: [{ name: 'Plain', priceCents: 1000 }] });
    const lines = [{ item_id: shop.items[0]!.id, fundraiser_id: shop.fundraiserId, quantity: 1, price_cents: 1000 }];
    for (let i = 0; i < 3; i++) await buy(t.app, shop, lines);
    const placed = (await messagesTo(t.db, customer.customerEmail)).filter((m) => m.template === 'wholesale_order_placed');
    expect(placed).toHaveLength(2);
    expect((await messagesTo(t.db, customer.customerPhone)).filter((m) => m.template === 'wholesale_order_placed')).toHaveLength(2);
  });

  it("storefront orders without a sign-in: every order is placed, the confirmations stop at the destination's limit", async () => {
    // "As soon as possible" at the limiter's clock (2030): open all day.
    await openAllDay(t.db, 1);
    const plate = await createItem(t.db, { priceCents: 1200 });
    const guest = { name: 'Lino Guerrero', email: 'lino@example.com', phone: '+16715550477' };
    const options = { items: [{ menu_item_id: plate.id, quantity: 1 }], extra: { contact: guest } };
    const confirmations = async (recipient: string) => (await messagesTo(t.db, recipient)).filter((m) => m.template === 'order_confirmation');
    const orders = [];
    for (let i = 0; i < 4; i++) {
      const placed = await checkout(t.app, options);
      expect(placed.statusCode, placed.body).toBe(201);
      orders.push(placed.json().id);
    }
    expect(new Set(orders).size).toBe(4);
    // The hour allows two per destination: the text and the e-mail of the first two orders only.
    expect(await confirmations(guest.phone)).toHaveLength(2);
    expect(await confirmations(guest.email)).toHaveLength(2);
    // A signed-in customer's own order is not a guest's: its confirmation goes out.
    const signedIn = await placeOrder(t.app, await pay(t.app, { ...options, token: tokens.customer }), { ...options, token: tokens.customer });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    expect(await confirmations(guest.phone)).toHaveLength(3);
    // A number in a country the restaurant does not text: the order and its e-mail, no text.
    const abroad = { name: 'Tom Abroad', email: 'tom@example.com', phone: '+44 7911 123456' };
    const far = await checkout(t.app, { ...options, extra: { contact: abroad } });
    expect(far.statusCode, far.body).toBe(201);
    expect(await confirmations('+447911123456')).toEqual([]);
    expect(await confirmations(abroad.email)).toHaveLength(1);
  });

  it('reset links: past the limit no e-mail goes out, and the answer is the same', async () => {
    const email = 'customer@kusina.test';
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await request(t.app, { method: 'POST', url: '/api/v1/password/forgot', payload: { email } })).json());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect((await messagesTo(t.db, email)).filter((m) => m.template === 'password_reset')).toHaveLength(2);
  });
});

describe('texts go only to the country codes the restaurant allows', () => {
  let t: TestContext;
  let http: ReturnType<typeof api>;
  let tokens: Tokens;
  let loc: Awaited<ReturnType<typeof demoLocations>>;
  beforeAll(async () => {
    t = await build({ RESERVATION_RATE_LIMIT_PER_MINUTE: '10000' });
    http = api(t.app);
    tokens = await demoTokens(t.app, t.db);
    loc = await demoLocations(t.db);
  });
  afterAll(() => t.close());

  const uk = '+44 7911 123456';
  const defaultMessage = smsCountryMessage(DEFAULT_SMS_COUNTRY_CODES);

  it('by default +1 and the neighbours: a booking or a signup with another country gets a field error', async () => {
    expect(defaultMessage).toBe('We can only send texts to numbers starting with +1, +63, +81, +82, +680, +691, +692. Please use another number.');
    const booking = await http.post('/reservations', guestBooking({ location_id: loc.tamuning, contact_phone: uk }));
    expect(booking.statusCode).toBe(400);
    expect(booking.json().error.details.fields).toEqual({ contact_phone: defaultMessage });
    const signup = await request(t.app, { method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ phone: uk }) });
    expect(signup.statusCode).toBe(422);
    expect(signup.json().error.details.fields).toEqual({ phone: defaultMessage });
    // Japan and Palau are neighbours.
    expect((await http.post('/reservations', guestBooking({ location_id: loc.tamuning, contact_phone: '+81 90 1234 5678' }))).statusCode).toBe(201);
    expect((await http.post('/reservations', guestBooking({ location_id: loc.tamuning, contact_phone: '+680 775 1234' }))).statusCode).toBe(201);
  });

  it("follows the restaurant's setting, and a staff booking with another country's number is kept without a text", async () => {
    const current = (await http.get('/restaurants/1?include_settings=true', tokens.admin)).json().admin_settings;
    const bad = await http.patch('/restaurants/1', { admin_settings: { ...current, sms_country_codes: ['44'] } }, tokens.admin);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.details.fields)[0]).toContain('sms_country_codes');
    expect((await http.patch('/restaurants/1', { admin_settings: { ...current, sms_country_codes: ['+44'] } }, tokens.admin)).statusCode).toBe(200);

    expect((await http.post('/reservations', guestBooking({ location_id: loc.tamuning, contact_phone: uk }))).statusCode).toBe(201);
    expect((await http.post('/reservations', guestBooking({ location_id: loc.tamuning, contact_phone: '+16715550499' }))).json().error.details.fields).toEqual({
      contact_phone: smsCountryMessage(['+44']),
    });
    const staffBooking = await http.post('/reservations', guestBooking({ location_id: loc.tamuning, contact_phone: '+16715550498', contact_email: 'walkin@example.com' }), tokens.staff);
    expect(staffBooking.statusCode).toBe(201);
    expect(await messagesTo(t.db, '+16715550498')).toEqual([]);
    expect(await messagesTo(t.db, 'walkin@example.com')).toHaveLength(1);
  });
});
