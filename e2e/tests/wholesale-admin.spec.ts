import { demo, expect, expectAccessible, fillTestCard, signIn, test } from './fixtures.ts';

/**
 * Issue #22's management journey: an admin creates a fundraiser with a participant and an item,
 * a guest buys it through the participant's page, and the admin's dashboard shows the
 * participant's progress rise without a reload.
 */
test('an admin creates a fundraiser, a supporter buys through the share link, the dashboard rises live', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const slug = `dolphins-${Date.now().toString(36)}`;
  await signIn(page, demo.admin);
  await page.goto('/admin?tab=fundraisers');
  await expect(page.getByRole('heading', { name: 'Fundraisers', level: 2 })).toBeVisible();
  await expect(page.getByText('Tamuning Tigers Little League')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New Fundraiser' }).click();
  const details = page.getByRole('form', { name: 'Fundraiser details' });
  await details.getByLabel('Name', { exact: true }).fill('Dededo Dolphins Swim Team');
  await details.getByLabel('Slug').fill(slug);
  await details.getByLabel('Status').selectOption('current');
  await details.getByLabel('Pickup name').fill('Dededo Pool');
  await details.getByLabel('Pickup address').fill('Dededo, GU 96929');
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Create Fundraiser' }).click();
  await expect(page.getByRole('heading', { name: 'Dededo Dolphins Swim Team', level: 2 })).toBeVisible();

  const addParticipant = page.getByRole('form', { name: 'Add participant' });
  await addParticipant.getByLabel('Participant name').fill('Ana Camacho');
  await addParticipant.getByLabel('Goal (dollars)').fill('100');
  await addParticipant.getByRole('button', { name: 'Add Participant' }).click();
  // The participant's own page (issue #36 item 3): the address their share sheet and QR carry.
  const share = page.getByRole('link', { name: new RegExp(`^/wholesale/${slug}/participants/\\d+$`) });
  await expect(share).toBeVisible();
  const link = (await share.textContent())!.trim();

  await page.getByRole('button', { name: 'New Item' }).click();
  const newItem = page.getByRole('form', { name: 'New item' });
  await newItem.getByLabel('Item name').fill('Swim Cap');
  await newItem.getByLabel('Price (dollars)').fill('12');
  await newItem.getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByText('$12.00 · none inventory · unlimited')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Dashboard' }).click();
  const dashboard = page.getByRole('region', { name: 'Fundraiser dashboard' });
  await expect(dashboard.getByText('$0.00 of $100.00 (0%)')).toBeVisible();
  await expectAccessible(page);

  // A guest follows the participant's share link and buys two caps.
  const guest = await browser.newContext({ ...test.info().project.use });
  const shopper = await guest.newPage();
  await shopper.goto(link);
  await expect(shopper.getByRole('heading', { level: 1, name: 'Ana Camacho' })).toBeVisible();
  await shopper.getByRole('link', { name: /Shop to support Ana Camacho/ }).click();
  await expect(shopper.getByText('You are supporting Ana Camacho. They will be selected at checkout.')).toBeVisible();
  await shopper.getByRole('button', { name: 'Add Swim Cap' }).click();
  const dialog = shopper.getByRole('dialog', { name: 'Swim Cap' });
  await dialog.getByRole('button', { name: 'Increase quantity of Swim Cap' }).click();
  await dialog.getByRole('button', { name: /^Add to Cart/ }).click();
  await expect(dialog).toBeHidden();
  await shopper.goto('/wholesale/checkout');
  await shopper.getByLabel('Name', { exact: true }).fill('Rita Perez');
  await shopper.getByLabel('Email').fill('rita@example.com');
  await shopper.getByLabel('Phone').fill('+16715557788');
  await expect(shopper.getByRole('radio', { name: 'Ana Camacho' })).toBeChecked();
  await fillTestCard(shopper);
  await shopper.getByRole('button', { name: 'Place Order' }).click();
  await expect(shopper.getByRole('heading', { name: 'Wholesale Order Confirmed!' })).toBeVisible();
  await expect(shopper.getByText('Supporting Ana Camacho', { exact: false })).toBeVisible();
  await guest.close();

  // The admin's dashboard, never reloaded, follows the ledger.
  await expect(dashboard.getByText('$24.00 of $100.00 (24%)')).toBeVisible();
  await expect(dashboard.getByRole('progressbar', { name: /Ana Camacho/ })).toHaveAttribute('aria-valuenow', '24');

  await page.getByRole('button', { name: 'Orders' }).click();
  await expect(page.getByText(/W-\d+ · Confirmed · \$24\.00/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: /Mark W-\d+ Ready for Pickup/ }).click();
  await expect(page.getByText(/W-\d+ · Ready for Pickup · \$24\.00/)).toBeVisible();
});
