import { readFile } from 'node:fs/promises';
import { demo, expect, expectAccessible, signIn, test } from './fixtures.ts';

/**
 * The Reports tab (issue #37 items 4–5): an admin opens it, changes the range, reads the sales table
 * and downloads the CSV; axe-clean in light and dark, no sideways scroll at 360 px.
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
      await page.getByRole('link', { name: 'Download CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^sales-day-2026-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await file.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('Date,Orders,Gross,Discounts,Refunds,Net');
      expect(csv).toContain('\r\nTotal,');

      await page.setViewportSize({ width: 360, height: 760 });
      const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(scrollWidth, `document ${scrollWidth}px wide in a ${width}px viewport`).toBeLessThanOrEqual(width);
    });
  });
}
