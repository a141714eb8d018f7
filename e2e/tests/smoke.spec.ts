import { expect, expectAccessible, test } from './fixtures.ts';

test('the home page loads in the restaurant layout and is accessible', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectAccessible(page);
});

test('an unknown path redirects to the home page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/$/);
});

test('the API answers health and info', async ({ request }) => {
  expect(await (await request.get('/health')).json()).toEqual({ status: 'ok' });
  expect((await (await request.get('/api/info')).json()).database.status).toBe('ok');
});
