import { readFile } from 'node:fs/promises';
import { demo, expect, expectAccessible, signIn, test } from './fixtures.ts';

/**
 * The Reports tab (issue #37 items 3–5): an admin opens it, changes the range, reads the sales table
 * and downloads the CSV; reads a breakdown report (reservations) through its table, changes its range
 * and grouping and downloads its CSV; searches the customers and opens one's records. Axe-clean in
 * light and dark, no sideways scroll at 360 px.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`reports (${colorScheme})`, () => {
    test.use({ colorScheme });

    test('an admin changes the range, reads sales and visits, and downloads the CSV', async ({ page }) => {
      await signIn(page, demo.admin);
      await page.goto('/admin?tab=reports');
      // (Orders of the last seven days, if the demo or other tests placed any.)
      await expect(page.getByRole('table', { name: /^Sales by day, / }).or(page.getByText('No sales in these days.'))).toBeVisible();
      // The demo's four weeks of visits show in the last seven days.
      await expect(page.getByRole('table', { name: /^Visits from / })).toBeVisible();

      await page.getByLabel('From', { exact: true }).fill('2030-06-01');
      await page.getByLabel('To', { exact: true }).fill('2030-06-03');
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(page.getByRole('table', { name: 'Sales by day, 2030-06-01 to 2030-06-03' }).or(page.getByText('No sales in these days.'))).toBeVisible();
      await page.getByLabel('From', { exact: true }).fill('2026-01-01');
      await page.getByLabel('To', { exact: true }).fill(new Date().toISOString().slice(0, 10));
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(page.getByRole('img', { name: /^Net sales by day: / }).or(page.getByText('No sales in these days.'))).toBeVisible();
      await expectAccessible(page);

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download CSV', exact: true }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^sales-day-2026-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await file.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('Date,Orders,Gross,Discounts,Refunds,Net');
      expect(csv).toContain('\r\nTotal,');

      await page.setViewportSize({ width: 360, height: 760 });
      const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(scrollWidth, `document ${scrollWidth}px wide in a ${width}px viewport`).toBeLessThanOrEqual(width);
    });

    test('an admin reads the reservations report through its table, changes range and grouping, and downloads its CSV', async ({ page }) => {
      await signIn(page, demo.admin);
      await page.goto('/admin?tab=reports');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Guam' }).format(new Date());
      const days = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
      // The demo's week of bookings (three days back to three ahead), by source.
      await page.getByLabel('From', { exact: true }).fill(days(-3));
      await page.getByLabel('To', { exact: true }).fill(days(3));
      await page.getByRole('button', { name: 'Show' }).click();
      const section = page.getByRole('region', { name: 'Reservations by source table' });
      const table = page.getByRole('table', { name: `Reservations by source, ${days(-3)} to ${days(3)}` });
      await expect(table).toBeVisible();
      await expect(table.getByRole('row', { name: /^Online bookings/ })).toBeVisible();
      await expect(table.getByRole('row', { name: /^Total/ })).toBeVisible();
      // The chart is a picture named by its summary; the table beside it is reachable by keyboard.
      await expect(page.getByRole('img', { name: /^Covers by source: highest / })).toBeVisible();
      await section.focus();
      await expect(section).toBeFocused();

      await page.getByRole('group', { name: 'Reservations by' }).getByRole('button', { name: 'By day' }).click();
      const byDay = page.getByRole('table', { name: `Reservations by day, ${days(-3)} to ${days(3)}` });
      await expect(byDay.getByRole('row')).toHaveCount(1 + 7 + 1);
      await expectAccessible(page);

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download CSV: Reservations' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`reservations-day-${days(-3)}-to-${days(3)}.csv`);
      const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n');
      expect(lines[0]).toBe('Day,Parties,Covers,No-shows,Cancellations');
      expect(lines).toHaveLength(1 + 7 + 1 + 1);
      expect(lines.at(-2)).toMatch(/^Total,\d+,\d+,\d+,\d+$/);

      await page.setViewportSize({ width: 360, height: 760 });
      const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(scrollWidth, `document ${scrollWidth}px wide in a ${width}px viewport`).toBeLessThanOrEqual(width);
    });

    test("an admin searches the customers and opens one's records", async ({ page }) => {
      await signIn(page, demo.admin);
      await page.goto('/admin?tab=customers');
      await expect(page.getByRole('table', { name: /^Customers, page 1 of / })).toBeVisible();
      await page.getByLabel('Name, e-mail or phone').fill('maria.cruz@');
      await page.getByRole('button', { name: 'Search' }).click();
      const table = page.getByRole('table', { name: 'Customers, page 1 of 1' });
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table.getByRole('rowheader')).toHaveText('Maria Cruz');
      await expectAccessible(page);

      const opener = page.getByRole('button', { name: 'Records of Maria Cruz' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Maria Cruz' });
      await expect(dialog.getByRole('heading', { name: 'Reservations (1)' })).toBeVisible();
      await expect(dialog.getByText('Party of 4')).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      await page.setViewportSize({ width: 360, height: 760 });
      const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(scrollWidth, `document ${scrollWidth}px wide in a ${width}px viewport`).toBeLessThanOrEqual(width);
    });
  });
}
