import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, readOutbox, test, uniqueEmail } from './fixtures.ts';

/**
 * Issue #36 items 3 and 8 on a phone (360 px): a participant's page from the demo's Tamuning Tigers
 * (Josh Santos, with his message) — share sheet without the phone's own, copy, the printable QR
 * flyer, the link preview the server gives crawlers — and a guest finding their order again through
 * the e-mailed link. Axe-clean in light and dark; nothing scrolls sideways.
 */
test.use({ viewport: { width: 360, height: 760 } });
test.skip(({ isMobile }) => !isMobile, 'phone-sized: runs in the mobile project');

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no horizontal scroll on ${page.url()}`).toBe(true);
}

/** A guest's paid order of a dozen cookies, placed through the API as the checkout does. */
async function guestOrder(request: APIRequestContext, email: string): Promise<{ id: number; orderNumber: string }> {
  const fundraiser = (await (await request.get('/api/v1/wholesale/fundraisers/tamuning-tigers')).json()) as { data: { fundraiser: { id: number; items: { id: number; name: string }[] } } };
  const item = fundraiser.data.fundraiser.items.find((i) => i.name === 'Coconut Cookies (dozen)')!;
  const lines = [{ item_id: item.id, fundraiser_id: fundraiser.data.fundraiser.id, quantity: 1 }];
  const opened = await request.post('/api/v1/wholesale/payments', { data: { fundraiser_id: fundraiser.data.fundraiser.id, cart_items: lines } });
  expect(opened.status(), await opened.text()).toBe(201);
  const paymentId = ((await opened.json()) as { data: { payment_id: string } }).data.payment_id;
  const confirmed = await request.post(`/api/v1/payments/${paymentId}/confirm`, { data: { card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' } } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const placed = await request.post('/api/v1/wholesale/orders', {
    headers: { 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      order: { customerName: 'Lookup Guest', customerEmail: email, customerPhone: '+16715550199', shippingAddress: 'Pickup: Tamuning', participantId: null },
      fundraiser_id: fundraiser.data.fundraiser.id,
      cart_items: lines,
      payment_id: paymentId,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { data: { order: { id: number; orderNumber: string } } }).data.order;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`fundraiser sharing and guest lookup (${colorScheme})`, () => {
    test.use({ colorScheme });

    test("a participant's page: share sheet fallback, copy, QR flyer, link preview, attribution", async ({ page, context, request }) => {
      // As on a browser without the phone's share sheet: our own sheet opens.
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/wholesale/tamuning-tigers');
      await page.getByRole('link', { name: 'Josh Santos' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Josh Santos' })).toBeVisible();
      await expect(page.getByText(/Every box of cookies gets our team closer/)).toBeVisible();
      await expect(page.getByText(/raised of \$500\.00 goal/)).toBeVisible();
      const pageUrl = page.url();
      expect(new URL(pageUrl).pathname).toMatch(/^\/wholesale\/tamuning-tigers\/participants\/\d+$/);
      await noSidewaysScroll(page);
      await expectAccessible(page);

      const share = page.getByRole('button', { name: "Share Josh Santos's page" });
      await share.click();
      const sheet = page.getByRole('dialog', { name: "Share Josh Santos's page" });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole('link', { name: 'Text message' })).toHaveAttribute('href', /^sms:\?&body=/);
      await expect(sheet.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
      await expect(sheet.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`);
      await sheet.getByRole('button', { name: 'Copy link' }).click();
      await expect(sheet.getByRole('status')).toHaveText('Link copied: it is ready to paste.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
      await noSidewaysScroll(page);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(share).toBeFocused();

      // Whom the supporter came through, in another tab too.
      const other = await context.newPage();
      await other.goto('/wholesale/tamuning-tigers');
      await expect(other.getByText('You are supporting Josh Santos. They will be selected at checkout.')).toBeVisible();
      await other.close();

      // The flyer: the QR code of the page with the name, printable without the site's header.
      await page.getByRole('link', { name: 'Print a flyer' }).click();
      const flyer = page.getByRole('article', { name: 'Flyer' });
      await expect(flyer.getByRole('heading', { name: 'Support Josh Santos' })).toBeVisible();
      await expect(flyer.getByRole('img', { name: "QR code for Josh Santos's page" })).toBeVisible();
      await expect(flyer.getByText(pageUrl)).toBeVisible();
      await noSidewaysScroll(page);
      await expectAccessible(page);
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
      await expect(flyer.getByRole('img', { name: "QR code for Josh Santos's page" })).toBeVisible();
      await page.emulateMedia({ media: 'screen' });

      // What a crawler is sent for the page's address: its own title, description and preview tags.
      const html = await (await request.get(new URL(pageUrl).pathname)).text();
      expect(html).toContain('<meta property="og:title" content="Support Josh Santos · Tamuning Tigers Little League" />');
      expect(html).toMatch(/<meta property="og:description" content="Hafa adai! Every box of cookies[^"]*raised of a \$500\.00 goal" \/>/);
      expect(html).toContain(`<meta property="og:url" content="`);
      expect(html).toContain('<meta name="twitter:card"');
    });

    test('a guest finds their order again: the page answers neutrally, the e-mailed link opens the order', async ({ page, request }, testInfo) => {
      const email = uniqueEmail(`lookup-${colorScheme}`, testInfo);
      const order = await guestOrder(request, email);
      await page.goto('/wholesale/orders');
      await page.getByRole('link', { name: 'Ordered as a guest? Find your order' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Find a fundraiser order' })).toBeVisible();
      await noSidewaysScroll(page);
      await expectAccessible(page);
      await page.getByLabel(/^Email/).fill(email.toUpperCase());
      await page.getByLabel(/^Order number/).fill(order.orderNumber.toLowerCase());
      await page.getByRole('button', { name: 'E-mail me a link' }).click();
      const neutral = 'If an order matches that e-mail and number, we have e-mailed a link to it. The link works for 24 hours.';
      await expect(page.getByText(neutral)).toBeVisible();
      await expectAccessible(page);

      // The order's own confirmation goes to the same address, and may arrive after the lookup's link.
      const lookupLink = /https?:\/\/\S+\/wholesale\/orders\/\d+\?token=[\w-]+/;
      const mail = await readOutbox(email, 'email', lookupLink);
      const link = lookupLink.exec(mail.body)?.[0];
      expect(link, mail.body).toBeTruthy();
      const { pathname, search } = new URL(link!);
      expect(pathname).toBe(`/wholesale/orders/${order.id}`);
      await page.goto(`${pathname}${search}`);
      await expect(page.getByText(order.orderNumber).first()).toBeVisible();
      await expect(page.getByText('Lookup Guest').first()).toBeVisible();
      await noSidewaysScroll(page);
      await expectAccessible(page);

      // A number that does not match gets the same words, and nothing is sent.
      await page.goto('/wholesale/find-order');
      await page.getByLabel(/^Email/).fill(email);
      await page.getByLabel(/^Order number/).fill('W-1');
      await page.getByRole('button', { name: 'E-mail me a link' }).click();
      await expect(page.getByText(neutral)).toBeVisible();
    });
  });
}
