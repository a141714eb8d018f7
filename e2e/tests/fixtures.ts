import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test as base, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'HafaAdai!2026';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The e2e server maps 127.0.0.1 to restaurant 2 (blue theme, VIP-only checkout); localhost is restaurant 1. */
export const RESTAURANT_TWO_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
export const demo = {
  superAdmin: 'super@kusina.test',
  admin: 'admin@kusina.test',
  staff: 'staff@kusina.test',
  customer: 'customer@kusina.test',
} as const;

/** axe on the current page: no serious or critical violation (WCAG 2.2 AA rules). */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours are judged at rest: a toast or dialog still fading in is half transparent, and axe would
  // blend it with the page behind (a contrast failure that no person sees once it has appeared).
  // Animations that end are awaited; endless ones (spinners) are not.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

export async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { jwt: string }).jwt;
}

interface OutboxMessage {
  channel: 'sms' | 'email';
  recipient: string;
  body: string;
  subject: string | null;
}

/** Where scripts/e2e-server.mjs writes the server's log (one file per port). */
export const serverLogFile = path.join(os.tmpdir(), `kusina-e2e-server-${E2E_PORT}.log`);

/** The outbox transport's log lines of the e2e server (the demo logs each message's whole text). */
function loggedMessages(): OutboxMessage[] {
  if (!existsSync(serverLogFile)) return [];
  return readFileSync(serverLogFile, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (!line.includes('"notification"')) return [];
      const entry = JSON.parse(line) as { notification?: { channel: 'sms' | 'email'; to: string; body?: string; subject?: string | null } };
      const n = entry.notification;
      return n?.body !== undefined ? [{ channel: n.channel, recipient: n.to, body: n.body, subject: n.subject ?? null }] : [];
    });
}

/**
 * Reads the newest message to `recipient` the way a person trying the demo does: its whole text
 * (phone code, reset link) from the server log, since the outbox in the app hides those secrets
 * (decision 0086). Polls briefly (messages are queued jobs).
 */
export async function readOutbox(recipient: string, channel: 'sms' | 'email', matching?: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      () => {
        found = loggedMessages()
          .filter((m) => m.recipient === recipient && m.channel === channel && (!matching || matching.test(m.body)))
          .at(-1);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The messages to `recipient` as an admin reads them in the outbox (GET /api/v1/admin/notifications), newest first. */
export async function adminOutbox(request: APIRequestContext, recipient: string): Promise<OutboxMessage[]> {
  const token = await apiLogin(request, demo.superAdmin);
  const response = await request.get('/api/v1/admin/notifications', { params: { recipient, per_page: 20 }, headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages.filter((m) => m.recipient === recipient);
}

/** Opens the signed-in user's menu: the dropdown on wide screens, the slide-out menu on phones. */
export async function openUserMenu(page: Page): Promise<void> {
  const burger = page.getByRole('button', { name: 'Open menu' });
  if (await burger.isVisible()) {
    await burger.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  } else {
    await page.getByRole('button', { name: /^Account menu for/ }).click();
  }
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign Out' }).or(page.getByRole('button', { name: 'Sign Out' })).click();
  // On phones the header's Sign In link sits behind the menu button, hidden but present.
  await expect(page.getByRole('link', { name: 'Sign In', includeHidden: true }).first()).toBeAttached();
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
}

/** A unique address per test and project, so parallel or repeated runs never collide. */
export function uniqueEmail(prefix: string, testInfo: { project: { name: string } }): string {
  return `${prefix}-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Fills the test processor's card form (checkout, fundraiser checkout) with a card that expires in three years. */
export async function fillTestCard(page: Page, cardNumber = '4242 4242 4242 4242'): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry date').fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
}

/**
 * Reads a toast, then clears the toaster as a person would before going on: each toast clicked
 * away (backoffice §2: dismissed by a click), the pointer moved off. Toasts sit top-centre over a
 * wide screen's tab bar and all pause while the pointer is on any of them, so a click meant for a
 * tab underneath would otherwise wait on them for ever.
 */
export async function dismissToasts(page: Page, text: string): Promise<void> {
  const toaster = page.locator('[data-rht-toaster]');
  await expect(toaster.getByText(text).first()).toBeVisible();
  const shown = toaster.getByRole('status');
  for (let i = await shown.count(); i > 0; i--) await shown.nth(i - 1).click({ timeout: 2_000 }).catch(() => undefined);
  await page.mouse.move(1, (page.viewportSize()?.height ?? 600) - 1);
  await expect(shown).toHaveCount(0, { timeout: 10_000 });
}

export const test = base;
export { expect };

export interface WeekdayHoursRow {
  id: number;
  restaurant_id: number;
  day_of_week: number;
  open_time: string;
  close_time: string;
  closed: boolean;
}

/** Today's date in Guam (YYYY-MM-DD), whatever the machine's zone: the calendar day the server's schedule counts from. */
export function guamDate(at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Guam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The calendar day after `date` (YYYY-MM-DD): a step through the calendar, not a guess at which days are open. */
function nextCalendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export interface OpenDay {
  date: string;
  slots: { time: string; start_time: string; available_seats: number }[];
}

/**
 * Tests never pick a day by arithmetic (decision 0087): a day "N days ahead" lands on the demo's
 * closed Monday, its closed holiday or a fully blocked evening on some weekday of the host clock.
 * This asks the server's schedule instead: GET /api/v1/availability day after day from today in
 * Guam (today itself only if it still has slots) and returns the `nth` open day (0 = the first)
 * that offers `party_size` a slot. Pass a distinct `nth` per test and project when each needs a
 * day of its own (a floor nobody else books). Sends staff `headers` when the slots are staff ones.
 */
export async function openDay(
  request: APIRequestContext,
  options: { nth?: number; partySize?: number; restaurantId?: number; locationId?: number; headers?: Record<string, string>; skipToday?: boolean } = {},
): Promise<OpenDay> {
  const { nth = 0, partySize = 2, restaurantId = 1, locationId, headers, skipToday = false } = options;
  let date = guamDate();
  if (skipToday) date = nextCalendarDate(date);
  // Two months of days: the demo has one closed weekday and one closed holiday, so this never runs out.
  for (let looked = 0, found = 0; looked < 60; looked += 1, date = nextCalendarDate(date)) {
    const params: Record<string, string | number> = { restaurant_id: restaurantId, date, party_size: partySize };
    if (locationId !== undefined) params.location_id = locationId;
    const response = await request.get('/api/v1/availability', { params, headers });
    expect(response.ok(), await response.text()).toBe(true);
    const { slot_details: slots } = (await response.json()) as { slot_details: OpenDay['slots'] };
    if (slots.length > 0 && found++ === nth) return { date, slots };
  }
  throw new Error(`no open day number ${nth} for a party of ${partySize} in the next 60 days`);
}

/** Today's weekday in Guam (0 = Sunday), whatever the machine's zone. */
export function guamWeekday(at = new Date()): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Pacific/Guam', weekday: 'short' }).format(at);
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

/**
 * Opening hours decide ordering (issue #23). Changes a restaurant's weekly hours through the
 * reservations Admin Settings API (as an admin would) and returns the rows as they were plus a
 * restore function; specs run one at a time (workers: 1), so a spec that restores in afterAll
 * leaves the others the demo's hours.
 */
export async function changeHours(
  request: APIRequestContext,
  change: (row: WeekdayHoursRow) => Partial<Pick<WeekdayHoursRow, 'open_time' | 'close_time' | 'closed'>> | null,
  restaurantId = 1,
): Promise<{ before: WeekdayHoursRow[]; restore: () => Promise<void> }> {
  const token = await apiLogin(request, demo.superAdmin);
  const headers = { authorization: `Bearer ${token}` };
  const listed = await request.get('/api/v1/operating_hours', { headers, params: { restaurant_id: restaurantId } });
  expect(listed.ok(), await listed.text()).toBe(true);
  const before = (await listed.json()) as WeekdayHoursRow[];
  for (const row of before) {
    const patch = change(row);
    if (!patch) continue;
    const saved = await request.patch(`/api/v1/operating_hours/${row.id}`, { headers, data: patch });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  return {
    before,
    restore: async () => {
      for (const row of before) {
        const saved = await request.patch(`/api/v1/operating_hours/${row.id}`, { headers, data: { open_time: row.open_time, close_time: row.close_time, closed: row.closed } });
        expect(saved.ok(), await saved.text()).toBe(true);
      }
    },
  };
}

/** The restaurant open all day, every day (00:00-00:00), for specs that place "as soon as possible" orders at any hour. */
export function openAllDay(request: APIRequestContext, restaurantId = 1) {
  return changeHours(request, () => ({ open_time: '00:00', close_time: '00:00', closed: false }), restaurantId);
}

/**
 * For a spec whose guests order "as soon as possible" and expect its words ("ETA will be sent once
 * staff begin preparing"): the restaurant is open all day while the spec runs, its hours restored
 * after, so the spec passes at any hour in Guam. Call at the top of the spec file.
 */
export function openAllDayDuringSpec(restaurantId = 1): void {
  let context: APIRequestContext | null = null;
  let restore: (() => Promise<void>) | null = null;
  // A context of its own: a test's `request` fixture cannot outlive the hook that made it.
  base.beforeAll(async () => {
    context = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
    restore = (await openAllDay(context, restaurantId)).restore;
  });
  base.afterAll(async () => {
    await restore?.();
    await context?.dispose();
  });
}
