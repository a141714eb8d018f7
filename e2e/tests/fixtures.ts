import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

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

/**
 * Reads the newest message to `recipient` from the outbox the way a demo user would: as an admin,
 * through GET /api/v1/admin/notifications. Polls briefly (messages are queued jobs).
 */
export async function readOutbox(request: APIRequestContext, recipient: string, channel: 'sms' | 'email'): Promise<OutboxMessage> {
  const token = await apiLogin(request, demo.superAdmin);
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/v1/admin/notifications', {
          params: { recipient, channel, per_page: 5 },
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await response.json()) as { messages: OutboxMessage[] };
        found = body.messages.find((m) => m.recipient === recipient && m.channel === channel);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
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

export const test = base;
export { expect };
