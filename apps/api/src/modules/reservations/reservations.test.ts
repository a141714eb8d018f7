import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { reservations } from '../../db/schema/index.ts';
import { build, type TestContext } from '../../test/build.ts';
import { sendDueReminders } from './reminders.ts';
import { api, CLOSED_DAY, demoLocations, demoTokens, guestBooking, messagesTo, OPEN_DAY, type Tokens } from './test-support.ts';

describe('reservations API', () => {
  let t: TestContext;
  let tokens: Tokens;
  let http: ReturnType<typeof api>;
  let loc: Awaited<ReturnType<typeof demoLocations>>;

  beforeAll(async () => {
    t = await build({ PUBLIC_URL: 'https://kusina.test', RESERVATION_RATE_LIMIT_PER_MINUTE: '10000' });
    tokens = await demoTokens(t.app, t.db);
    http = api(t.app);
    loc = await demoLocations(t.db);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(reservations).where(sql`${reservations.startTime} > '2029-01-01'`);
  });

  const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(reservations)).at(0)!.n;

  describe('availability', () => {
    it('answers the slots of a date with the capacity fields', async () => {
      const res = await http.get(`/availability?date=${OPEN_DAY}&party_size=2&restaurant_id=1&location_id=${loc.tamuning}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.slots[0]).toBe('11:00');
      expect(body.slots.at(-1)).toBe('20:00'); // closes 21:00, 60-minute default length
      expect(body).toMatchObject({ actual_capacity: 26, admin_max_party_size: 20, effective_max_party_size: 20, max_available_seats: 26, closed_reason: null });
      expect(body.slot_details[0]).toEqual({ time: '11:00', start_time: '2030-06-04T01:00:00.000Z', available_seats: 26 });
    });

    it('has no slots on a closed weekday, and names why', async () => {
      const res = await http.get(`/availability?date=${CLOSED_DAY}&party_size=2&restaurant_id=1`);
      expect(res.json()).toMatchObject({ slots: [], closed_reason: 'closed' });
    });

    it('names the bad field', async () => {
      for (const [query, field] of [
        ['date=2030-02-30&party_size=2', 'date'],
        ['date=2030-06-04&party_size=0', 'party_size'],
        ['date=2030-06-04', 'party_size'],
        [`date=2030-06-04&party_size=2&location_id=99999999999`, 'location_id'],
      ] as const) {
        const res = await http.get(`/availability?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.details.fields).toHaveProperty(field);
      }
    });

    it('simple_capacity, available_capacity and the public schedule', async () => {
      expect((await http.get('/availability/simple_capacity?restaurant_id=1')).json()).toEqual({ actual_capacity: 26, admin_max_party_size: 20, effective_max_party_size: 20 });
      expect((await http.get('/availability/simple_capacity?restaurant_id=2')).json()).toEqual({ actual_capacity: 20, admin_max_party_size: 12, effective_max_party_size: 12 });
      await http.post('/reservations', guestBooking({ location_id: loc.tumon, party_size: 5 }));
      const cap = await http.get(`/locations/${loc.tumon}/available_capacity?date=${OPEN_DAY}&time=18:30&restaurant_id=1`);
      expect(cap.json()).toEqual({ location_id: loc.tumon, date: OPEN_DAY, time: '18:30', total_capacity: 16, booked_seats: 5, available_capacity: 11 });
      const schedule = (await http.get('/public/restaurant_schedule/1')).json();
      expect(schedule.operating_hours).toHaveLength(7);
      expect(schedule.operating_hours.find((h: { day_of_week: number }) => h.day_of_week === 1)).toMatchObject({ closed: true });
      expect(schedule.special_events.some((e: { closed: boolean }) => e.closed)).toBe(true);
    });

    it('lists active locations publicly; staff may see inactive ones', async () => {
      const pub = (await http.get('/locations?restaurant_id=1')).json();
      expect(pub.map((l: { name: string }) => l.name)).toEqual(['Tamuning Dining Room', 'Tumon Bay Lanai']);
      expect((await http.get(`/locations/${loc.tumon}`)).json()).toMatchObject({ id: loc.tumon, is_active: true, active: true });
      expect((await http.get('/locations/999999')).statusCode).toBe(404);
    });
  });

  describe('public booking', () => {
    it('books a table as booked, stores the phone as E.164, tells the guest with a link', async () => {
      const res = await http.post('/reservations', { reservation: guestBooking({ location_id: loc.tamuning, contact_phone: '+81 90 1234 9876', contact_email: 'first@example.jp' }) });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        status: 'booked',
        reservation_number: `R-${String(body.id).padStart(6, '0')}`,
        start_time: '2030-06-04T08:00:00.000Z',
        duration_minutes: 60,
        contact_phone: '+819012349876',
        special_requests: 'Window seat, please',
        location: { id: loc.tamuning, name: 'Tamuning Dining Room' },
        source: 'public',
      });
      const sms = await messagesTo(t.db, '+819012349876');
      expect(sms).toHaveLength(1);
      expect(sms[0]!.body).toMatch(/We received your table request for 2 guests on Tue, Jun 4 at 6:00 PM/);
      expect(sms[0]!.body).toMatch(/https:\/\/kusina\.test\/reservations\/manage\/[\w-]{43}/);
      expect(await messagesTo(t.db, 'first@example.jp')).toHaveLength(1);
    });

    it('requires a location when several are active', async () => {
      const res = await http.post('/reservations', guestBooking());
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ message: 'Please select a location', details: { fields: { location_id: 'Please select a location' } } });
    });

    it('accepts only what a guest may set', async () => {
      const before = await count();
      for (const [extra, field] of [
        [{ status: 'reserved' }, 'status'],
        [{ duration_minutes: 720 }, 'duration_minutes'],
        [{ seat_preferences: [['A1']] }, 'seat_preferences'],
        [{ contact_phone: '' }, 'contact_phone'],
        [{ contact_email: '' }, 'contact_email'],
        [{ party_size: 21 }, 'party_size'],
        [{ start_time: `${OPEN_DAY}T18:15:00` }, 'start_time'],
        [{ start_time: `${OPEN_DAY}T20:30:00` }, 'start_time'],
        [{ start_time: `${CLOSED_DAY}T18:00:00` }, 'start_time'],
        [{ start_time: '2020-06-04T18:00:00' }, 'start_time'],
        [{ contact_phone: '12345' }, 'contact_phone'],
        [{ contact_name: ' ' }, 'contact_name'],
        [{ party_size: 2147483648 }, 'party_size'],
      ] as const) {
        const res = await http.post('/reservations', guestBooking({ location_id: loc.tamuning, ...extra }));
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json().error.details.fields, JSON.stringify(extra)).toHaveProperty(field);
      }
      const big = await http.post('/reservations', guestBooking({ location_id: loc.tamuning, party_size: 21 }));
      expect(big.json().error.message).toBe('Party size cannot exceed 20 people');
      const phone = await http.post('/reservations', guestBooking({ location_id: loc.tamuning, contact_phone: '12345' }));
      expect(phone.json().error.message).toBe('Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567');
      const missing = await http.post('/reservations', guestBooking({ location_id: loc.tamuning, contact_email: '' }));
      expect(missing.json().error.message).toBe('Please fill in all required fields');
      expect(await count()).toBe(before);
    });

    it('a Private Only event is not bookable by the public, but is by staff', async () => {
      await http.post('/special_events', { event_date: '2030-06-05', exclusive_booking: true, description: 'Wedding' }, tokens.admin);
      const guest = await http.post('/reservations', guestBooking({ location_id: loc.tamuning, start_time: '2030-06-05T18:00:00' }));
      expect(guest.statusCode).toBe(400);
      const staff = await http.post('/reservations', guestBooking({ location_id: loc.tamuning, start_time: '2030-06-05T18:00:00' }), tokens.staff);
      expect(staff.statusCode).toBe(201);
      expect((await http.get('/availability?date=2030-06-05&party_size=2&restaurant_id=1')).json().closed_reason).toBe('private');
    });

    it('a blocked period removes its slots at its location only', async () => {
      const blocked = await http.post('/blocked_periods', { restaurant_id: 1, location_id: loc.tumon, start_time: `${OPEN_DAY}T18:00:00`, end_time: `${OPEN_DAY}T20:00:00`, reason: 'Private party' }, tokens.admin);
      expect(blocked.statusCode).toBe(201);
      const tumon = (await http.get(`/availability?date=${OPEN_DAY}&party_size=2&restaurant_id=1&location_id=${loc.tumon}`)).json().slots;
      expect(tumon).not.toContain('18:00');
      expect(tumon).not.toContain('17:30');
      expect(tumon).toContain('20:00');
      const tamuning = (await http.get(`/availability?date=${OPEN_DAY}&party_size=2&restaurant_id=1&location_id=${loc.tamuning}`)).json().slots;
      expect(tamuning).toContain('18:00');
      const res = await http.post('/reservations', guestBooking({ location_id: loc.tumon }));
      expect(res.statusCode).toBe(400);
      await http.delete(`/blocked_periods/${blocked.json().id}`, tokens.admin);
    });
  });

  describe('staff', () => {
    it('lists a day by start time and searches name, phone or e-mail', async () => {
      await http.post('/reservations', guestBooking({ location_id: loc.tamuning, start_time: `${OPEN_DAY}T19:00:00`, contact_name: 'Late Guest', contact_email: 'late@example.com' }));
      await http.post('/reservations', guestBooking({ location_id: loc.tumon, start_time: `${OPEN_DAY}T12:00:00`, contact_name: 'Early Guest', contact_phone: '+16715559999' }));
      const list = (await http.get(`/reservations?date=${OPEN_DAY}&restaurant_id=1`, tokens.staff)).json();
      expect(list.map((r: { contact_name: string }) => r.contact_name)).toEqual(['Early Guest', 'Late Guest']);
      const byPhone = (await http.get(`/reservations?date=${OPEN_DAY}&search=5559999`, tokens.staff)).json();
      expect(byPhone.map((r: { contact_name: string }) => r.contact_name)).toEqual(['Early Guest']);
      const byEmail = (await http.get(`/reservations?date=${OPEN_DAY}&search=LATE@`, tokens.staff)).json();
      expect(byEmail).toHaveLength(1);
      const byLocation = (await http.get(`/reservations?date=${OPEN_DAY}&location_id=${loc.tumon}`, tokens.staff)).json();
      expect(byLocation).toHaveLength(1);
    });

    it('creates with status, duration and seat preferences; the bare +1671 means no phone', async () => {
      const res = await http.post(
        '/reservations',
        { restaurant_id: 1, location_id: loc.tamuning, start_time: `${OPEN_DAY}T17:00:00`, party_size: 4, contact_name: 'Walk-in Table', contact_phone: '+1671', contact_email: '', status: 'reserved', duration_minutes: 120, seat_preferences: [['A1', 'A2']] },
        tokens.staff,
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'reserved', duration_minutes: 120, contact_phone: null, contact_email: null, seat_preferences: [['A1', 'A2']], source: 'staff', end_time: '2030-06-04T09:00:00.000Z' });
      // An option holds at most party-size seats (§5), on create and on edit; nothing is written.
      const crowded = await http.post(
        '/reservations',
        { restaurant_id: 1, location_id: loc.tamuning, start_time: `${OPEN_DAY}T17:00:00`, party_size: 2, contact_name: 'Too Many Seats', seat_preferences: [['A1'], ['B1', 'B2', 'B3']] },
        tokens.staff,
      );
      expect(crowded.statusCode).toBe(400);
      expect(crowded.json().error.details.fields).toEqual({ seat_preferences: 'Option 2 can only have up to 2 seat(s).' });
      const id = res.json().id as number;
      const edit = await http.patch(`/reservations/${id}`, { party_size: 1, seat_preferences: [['A1', 'A2']] }, tokens.staff);
      expect(edit.json().error.details.fields).toEqual({ seat_preferences: 'Option 1 can only have up to 1 seat(s).' });
      expect((await http.get(`/reservations/${id}`, tokens.staff)).json()).toMatchObject({ party_size: 4, seat_preferences: [['A1', 'A2']] });
      const noName = await http.post('/reservations', { start_time: `${OPEN_DAY}T17:00:00`, party_size: 2, contact_name: '' }, tokens.staff);
      expect(noName.json().error.message).toBe('Guest name is required.');
      const noTime = await http.post('/reservations', { party_size: 2, contact_name: 'X' }, tokens.staff);
      expect(noTime.json().error.message).toBe('Please pick a valid date/time.');
    });

    it('approve, reject and cancel tell the guest; edits re-check capacity; delete removes', async () => {
      const a = (await http.post('/reservations', guestBooking({ location_id: loc.tumon, party_size: 8, contact_email: 'a@example.com', contact_phone: '+16715550001' }))).json();
      const b = (await http.post('/reservations', guestBooking({ location_id: loc.tumon, party_size: 8, contact_email: 'b@example.com', contact_phone: '+16715550002' }))).json();

      const approved = await http.patch(`/reservations/${a.id}`, { status: 'reserved' }, tokens.staff);
      expect(approved.json().status).toBe('reserved');
      expect((await messagesTo(t.db, 'a@example.com')).map((m) => m.template)).toEqual(['reservation_received', 'reservation_confirmed']);
      const rejected = await http.patch(`/reservations/${b.id}`, { reservation: { status: 'rejected' } }, tokens.staff);
      expect(rejected.json().status).toBe('rejected');
      expect((await messagesTo(t.db, '+16715550002')).map((m) => m.template)).toEqual(['reservation_received', 'reservation_declined']);

      // Tumon seats 16: a holds 8; b rejected freed its 8, so a may grow to 16 but not 17.
      expect((await http.patch(`/reservations/${a.id}`, { party_size: 16 }, tokens.staff)).statusCode).toBe(200);
      const c = (await http.post('/reservations', guestBooking({ location_id: loc.tumon, start_time: `${OPEN_DAY}T19:00:00`, party_size: 1 }))).json();
      // a cannot run into c's hour now.
      const longer = await http.patch(`/reservations/${a.id}`, { duration_minutes: 120 }, tokens.staff);
      expect(longer.statusCode).toBe(409);
      expect(longer.json().error.message).toBe('No capacity available for this time slot');
      // b cannot be brought back while a fills the room.
      expect((await http.patch(`/reservations/${b.id}`, { status: 'booked' }, tokens.staff)).statusCode).toBe(409);
      const canceled = await http.patch(`/reservations/${a.id}`, { status: 'canceled' }, tokens.staff);
      expect(canceled.json().status).toBe('canceled');
      // The guest hears that the restaurant cancelled it, by e-mail and text, with their link.
      const toA = await messagesTo(t.db, 'a@example.com');
      expect(toA.map((m) => m.template)).toEqual(['reservation_received', 'reservation_confirmed', 'reservation_canceled']);
      expect(toA.at(-1)!.subject).toMatch(/^Reservation cancelled — /);
      expect(toA.at(-1)!.body).toMatch(/the restaurant has cancelled your reservation for 16 guests on Tue, Jun 4 at 6:00 PM/);
      expect(toA.at(-1)!.body).toContain('https://kusina.test/reservations/manage/');
      expect((await messagesTo(t.db, '+16715550001')).map((m) => m.template)).toEqual(['reservation_received', 'reservation_confirmed', 'reservation_canceled']);
      // Cancelling again, or a rejected one, tells nobody anything new.
      await http.patch(`/reservations/${a.id}`, { status: 'canceled', contact_name: 'A' }, tokens.staff);
      expect(await messagesTo(t.db, 'a@example.com')).toHaveLength(3);
      expect((await http.patch(`/reservations/${b.id}`, { status: 'booked', contact_name: 'B again', duration_minutes: 90 }, tokens.staff)).json()).toMatchObject({ status: 'booked', contact_name: 'B again', duration_minutes: 90 });

      // Moving c: only to a slot the engine offers, and only while the room has space then.
      const closedDay = await http.patch(`/reservations/${c.id}`, { start_time: `${CLOSED_DAY}T19:00:00` }, tokens.staff);
      expect(closedDay.statusCode).toBe(400);
      expect(closedDay.json().error.details.fields).toHaveProperty('start_time');
      expect((await http.patch(`/reservations/${c.id}`, { start_time: `${OPEN_DAY}T19:10:00` }, tokens.staff)).statusCode).toBe(400);
      const filler = (await http.post('/reservations', guestBooking({ location_id: loc.tumon, start_time: `${OPEN_DAY}T12:00:00`, party_size: 16 }))).json();
      const full = await http.patch(`/reservations/${c.id}`, { start_time: `${OPEN_DAY}T12:00:00` }, tokens.staff);
      expect(full.statusCode).toBe(409);
      expect(full.json().error.message).toBe('No capacity available for this time slot');
      const moved = await http.patch(`/reservations/${c.id}`, { start_time: `${OPEN_DAY}T13:00:00` }, tokens.staff);
      expect(moved.json()).toMatchObject({ start_time: '2030-06-04T03:00:00.000Z', end_time: '2030-06-04T04:00:00.000Z' });
      await http.delete(`/reservations/${filler.id}`, tokens.staff);

      expect((await http.patch(`/reservations/${c.id}`, { bogus: 1 }, tokens.staff)).statusCode).toBe(400);
      expect((await http.patch(`/reservations/${c.id}`, { status: 'confirmed' }, tokens.staff)).statusCode).toBe(400);
      expect((await http.delete(`/reservations/${c.id}`, tokens.staff)).statusCode).toBe(204);
      expect((await http.get(`/reservations/${c.id}`, tokens.staff)).statusCode).toBe(404);
    });

    it('emits reservation_created to the staff room', async () => {
      const seen: unknown[] = [];
      const original = t.app.realtime.emit;
      t.app.realtime.emit = (room, event, payload) => {
        seen.push({ room, event, payload });
        original(room, event, payload);
      };
      try {
        await http.post('/reservations', guestBooking({ location_id: loc.tamuning }));
      } finally {
        t.app.realtime.emit = original;
      }
      expect(seen).toEqual([expect.objectContaining({ room: 'staff:1', event: 'reservation_created', payload: { reservation: expect.objectContaining({ status: 'booked' }) } })]);
    });
  });

  describe("the guest's link", () => {
    it('shows the reservation and cancels it, freeing the seats at once', async () => {
      await http.put(`/location_capacities/${(await http.get('/location_capacities?restaurant_id=1', tokens.admin)).json().find((c: { location_id: number }) => c.location_id === loc.tumon).id}`, { total_capacity: 4 }, tokens.admin);
      const booked = (await http.post('/reservations', guestBooking({ location_id: loc.tumon, party_size: 4 }))).json();
      const full = await http.post('/reservations', guestBooking({ location_id: loc.tumon, party_size: 2 }));
      expect(full.statusCode).toBe(409);
      const [row] = await t.db.select().from(reservations).where(eq(reservations.id, booked.id));
      const view = await http.get(`/public/reservations/${row!.guestToken}`);
      expect(view.json()).toMatchObject({ reservation_number: booked.reservation_number, status: 'booked', can_cancel: true, location: { name: 'Tumon Bay Lanai' } });
      expect(view.json()).not.toHaveProperty('contact_phone');
      const cancel = await http.post(`/public/reservations/${row!.guestToken}/cancel`, {});
      expect(cancel.json()).toMatchObject({ status: 'canceled', can_cancel: false });
      expect((await http.post(`/public/reservations/${row!.guestToken}/cancel`, {})).statusCode).toBe(409);
      expect((await http.post('/reservations', guestBooking({ location_id: loc.tumon, party_size: 2 }))).statusCode).toBe(201);
      expect((await http.get(`/public/reservations/${'x'.repeat(43)}`)).statusCode).toBe(404);
      await http.put(`/location_capacities/${(await http.get('/location_capacities?restaurant_id=1', tokens.admin)).json().find((c: { location_id: number }) => c.location_id === loc.tumon).id}`, { total_capacity: 16 }, tokens.admin);
    });
  });

  describe('day-before reminder', () => {
    it('reminds an approved reservation once, from 10:00 the day before (Guam)', async () => {
      const r = (await http.post('/reservations', guestBooking({ location_id: loc.tamuning, contact_email: 'remind@example.com', contact_phone: '+16715550777' }))).json();
      await http.patch(`/reservations/${r.id}`, { status: 'reserved' }, tokens.staff);
      // 09:59 on June 3 in Guam is 23:59Z on June 2.
      expect(await sendDueReminders(t.app, new Date('2030-06-02T23:59:00Z'))).toBe(0);
      expect(await sendDueReminders(t.app, new Date('2030-06-03T00:00:00Z'))).toBe(1);
      expect(await sendDueReminders(t.app, new Date('2030-06-03T05:00:00Z'))).toBe(0);
      const reminder = (await messagesTo(t.db, '+16715550777')).find((m) => m.template === 'reservation_reminder');
      expect(reminder?.body).toMatch(/A reminder of your table for 2 guests tomorrow, Tue, Jun 4 at 6:00 PM/);
    });
  });

  describe('settings', () => {
    it('operating hours: read, change, and the engine follows', async () => {
      const hours = (await http.get('/operating_hours?restaurant_id=1', tokens.staff)).json();
      expect(hours).toHaveLength(7);
      const tuesday = hours.find((h: { day_of_week: number }) => h.day_of_week === 2);
      expect((await http.patch(`/operating_hours/${tuesday.id}`, { open_time: '17:00', close_time: '22:00' }, tokens.admin)).json()).toMatchObject({ open_time: '17:00', close_time: '22:00' });
      const slots = (await http.get(`/availability?date=${OPEN_DAY}&party_size=2&location_id=${loc.tamuning}`)).json().slots;
      expect([slots[0], slots.at(-1)]).toEqual(['17:00', '21:00']);
      expect((await http.patch(`/operating_hours/${tuesday.id}`, { open_time: '25:00' }, tokens.admin)).statusCode).toBe(400);
      await http.patch(`/operating_hours/${tuesday.id}`, { open_time: '11:00', close_time: '21:00' }, tokens.admin);
    });

    it('special events: create, list, update, delete; a date holds one event', async () => {
      const created = await http.post('/special_events', { special_event: { event_date: '2030-07-21', closed: true, description: 'Liberation Day' } }, tokens.admin);
      expect(created.statusCode).toBe(201);
      expect((await http.post('/special_events', { event_date: '2030-07-21' }, tokens.admin)).statusCode).toBe(409);
      expect((await http.get('/availability?date=2030-07-21&party_size=2&restaurant_id=1')).json().slots).toEqual([]);
      const id = created.json().id;
      expect((await http.patch(`/special_events/${id}`, { closed: false, max_capacity: 10, start_time: '18:00', end_time: '20:00' }, tokens.admin)).json()).toMatchObject({ closed: false, max_capacity: 10, start_time: '18:00' });
      expect((await http.get('/availability?date=2030-07-21&party_size=2&restaurant_id=1')).json().slots).toEqual(['18:00', '18:30', '19:00']);
      expect((await http.get('/special_events?restaurant_id=1', tokens.staff)).json().some((e: { id: number }) => e.id === id)).toBe(true);
      expect((await http.patch(`/special_events/${id}`, { max_capacity: -1 }, tokens.admin)).statusCode).toBe(400);
      expect((await http.delete(`/special_events/${id}`, tokens.admin)).statusCode).toBe(204);
    });

    it('blocked periods: the spec messages, filters, update and delete', async () => {
      for (const [body, message] of [
        [{ end_time: `${OPEN_DAY}T20:00:00`, reason: 'x' }, 'Start time is required'],
        [{ start_time: `${OPEN_DAY}T18:00:00`, reason: 'x' }, 'End time is required'],
        [{ start_time: `${OPEN_DAY}T18:00:00`, end_time: `${OPEN_DAY}T17:00:00`, reason: 'x' }, 'End time must be after start time'],
        [{ start_time: `${OPEN_DAY}T18:00:00`, end_time: `${OPEN_DAY}T19:00:00`, reason: '' }, 'Reason is required'],
      ] as const) {
        const res = await http.post('/blocked_periods', { restaurant_id: 1, ...body }, tokens.admin);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      const created = (await http.post('/blocked_periods', { restaurant_id: 1, start_time: `${OPEN_DAY}T15:00:00`, end_time: `${OPEN_DAY}T16:00:00`, reason: 'Deep clean' }, tokens.admin)).json();
      expect(created).toMatchObject({ location_id: null, location: null, status: 'active', start_time: '2030-06-04T05:00:00.000Z' });
      const listed = (await http.get(`/blocked_periods?restaurant_id=1&start_date=${OPEN_DAY}&end_date=${OPEN_DAY}&active=true`, tokens.staff)).json();
      expect(listed.map((b: { id: number }) => b.id)).toEqual([created.id]);
      const updated = await http.put(`/blocked_periods/${created.id}`, { start_time: `${OPEN_DAY}T15:00:00`, end_time: `${OPEN_DAY}T16:30:00`, reason: 'Deep clean', status: 'inactive', location_id: loc.tumon }, tokens.admin);
      expect(updated.json()).toMatchObject({ status: 'inactive', location: { id: loc.tumon, name: 'Tumon Bay Lanai' } });
      expect((await http.put(`/blocked_periods/${created.id}`, { start_time: `${OPEN_DAY}T15:00:00`, end_time: `${OPEN_DAY}T16:30:00`, reason: 'x', location_id: loc.barrigada }, tokens.admin)).statusCode).toBe(400);
      expect((await http.delete(`/blocked_periods/${created.id}?restaurant_id=1`, tokens.admin)).statusCode).toBe(204);
    });

    it('location capacities: the spec messages, list, get, create, update', async () => {
      const list = (await http.get('/location_capacities?restaurant_id=1', tokens.staff)).json();
      expect(list.map((c: { location: { name: string }; total_capacity: number }) => [c.location.name, c.total_capacity])).toEqual([
        ['Tamuning Dining Room', 26],
        ['Tumon Bay Lanai', 16],
      ]);
      const id = list[0].id;
      expect((await http.get(`/location_capacities/${id}`, tokens.staff)).json()).toMatchObject({ default_table_capacity: 4 });
      const zero = await http.put(`/location_capacities/${id}`, { total_capacity: 0 }, tokens.admin);
      expect(zero.json().error.message).toBe('Total capacity must be greater than 0');
      const table = await http.put(`/location_capacities/${id}`, { default_table_capacity: 0 }, tokens.admin);
      expect(table.json().error.message).toBe('Default table capacity must be greater than 0');
      expect((await http.post('/location_capacities', { location_id: loc.tamuning, total_capacity: 30, default_table_capacity: 6 }, tokens.admin)).json()).toMatchObject({ id, total_capacity: 30, default_table_capacity: 6 });
      expect((await http.get(`/availability?date=${OPEN_DAY}&party_size=2&location_id=${loc.tamuning}`)).json().actual_capacity).toBe(30);
      await http.put(`/location_capacities/${id}`, { total_capacity: 26, default_table_capacity: 4 }, tokens.admin);
    });

    it('PATCH /restaurants/{id}: default length and admin settings, admins only', async () => {
      const res = await http.patch('/restaurants/1', { restaurant: { default_reservation_length: 90 } }, tokens.admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ default_reservation_length: 90 });
      expect((await http.get(`/availability?date=${OPEN_DAY}&party_size=2&location_id=${loc.tamuning}`)).json().slots.at(-1)).toBe('19:30');
      const uneven = await http.patch('/restaurants/1', { default_reservation_length: 20 }, tokens.admin);
      expect(uneven.statusCode).toBe(400);
      expect(uneven.json().error.details.fields).toEqual({ default_reservation_length: 'Use steps of 15 minutes' });
      expect((await http.patch('/restaurants/1', { default_reservation_length: 60 }, tokens.staff)).statusCode).toBe(403);
      expect((await http.patch('/restaurants/1', { default_reservation_length: 60 }, tokens.otherAdmin)).statusCode).toBe(403);
      const settings = (await http.get('/restaurants/1?include_settings=true')).json().admin_settings;
      const changed = await http.patch('/restaurants/1', { default_reservation_length: 60, admin_settings: { ...settings, reservation_settings: { max_party_size: 8 } } }, tokens.admin);
      expect(changed.json().admin_settings.reservation_settings.max_party_size).toBe(8);
      expect((await http.post('/reservations', guestBooking({ location_id: loc.tamuning, party_size: 9 }))).json().error.message).toBe('Party size cannot exceed 8 people');
      await http.patch('/restaurants/1', { admin_settings: settings }, tokens.admin);
    });
  });
});
