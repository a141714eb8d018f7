import { adminOutbox, expect, expectAccessible, readOutbox, signIn, signOut, test, uniqueEmail } from './fixtures.ts';

/**
 * Issue #2's account journey in a real browser against the production build: sign up → read the
 * code from the outbox → verify → sign out → sign in → edit profile → forgot/reset password →
 * sign in with the new password. axe runs on every account page along the way.
 */
test('a customer signs up, verifies the phone, edits the profile and resets the password', async ({ page, request }, testInfo) => {
  const email = uniqueEmail('lani', testInfo);
  const phone = `+1671${String(Math.floor(1e6 + Math.random() * 8.9e6))}`;
  const password = 'Sunset-Beach-9';
  const newPassword = 'Tumon-Bay-2026';

  // Create Account
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue('+1671');
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Lani');
  await page.getByLabel('Last name').fill('Cruz');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+1671555');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('not-the-same');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByText('Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567')).toBeVisible();
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-phone$/);

  // Verify Your Phone: the code comes from the server log, as a person trying the demo reads it;
  // an admin reading the outbox sees the text with the code hidden.
  await expect(page.getByRole('heading', { name: 'Verify Your Phone' })).toBeVisible();
  await expectAccessible(page);
  const sms = await readOutbox(phone, 'sms');
  const code = sms.body.match(/\b(\d{6})\b/)?.[1];
  expect(code, sms.body).toBeTruthy();
  const seenCode = (await adminOutbox(request, phone))[0]?.body;
  expect(seenCode).toMatch(/code is \*{6}\./);
  expect(seenCode).not.toContain(code!);
  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid code or verification expired.').first()).toBeVisible();
  await page.getByLabel('Verification code').fill(code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);

  // A verified user who opens /verify-phone is sent home.
  await page.goto('/verify-phone');
  await expect(page).toHaveURL(/\/$/);

  await signOut(page);

  // Sign In: a wrong password first, then the right one.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password. Please try again.').first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // My Profile: change the first name; it survives a reload.
  await page.goto('/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Lani');
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Leilani');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Leilani');

  await signOut(page);

  // Forgot Password → the e-mailed link → Reset Your Password.
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your email for a reset link.')).toBeVisible();

  const mail = await readOutbox(email, 'email');
  const link = mail.body.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
  expect(link, mail.body).toBeTruthy();
  const seenReset = (await adminOutbox(request, email)).find((m) => m.channel === 'email')?.body;
  expect(seenReset).toContain('[reset link hidden]');
  expect(seenReset).not.toContain(new URL(link!).searchParams.get('token')!);
  const target = new URL(link!);
  await page.goto(`${target.pathname}${target.search}`);
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/ordering$/, { timeout: 10_000 });

  // The reset signed the user in; sign out and back in with the new password. The old one fails.
  await signOut(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password. Please try again.').first()).toBeVisible();
  await signIn(page, email, newPassword);
});

test('a reset link without its token sends the visitor to request a new one', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid password reset link. Please request a new one.')).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('guarded pages send signed-out visitors to sign in, and staff see their tools', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, 'staff@kusina.test');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Staff Tools / Order Management' })).toBeVisible();
  await expectAccessible(page);
});

test('an admin reads the message outbox', async ({ page }) => {
  await signIn(page, 'admin@kusina.test');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: 'Message outbox' }).click();
  await expect(page).toHaveURL(/tab=outbox/);
  await expect(page.getByRole('region', { name: 'Message outbox' })).toBeVisible();
  await expectAccessible(page);
});

test('the session is an httpOnly cookie: nothing a script can read holds a token, and sign-out ends it on the server', async ({ page, context }) => {
  await signIn(page, 'customer@kusina.test');
  const stored = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookies: document.cookie }));
  // A signed token (header.payload.signature) or the word itself would be a token within a script's reach.
  expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  expect(stored).not.toContain('jwt');
  const session = (await context.cookies()).find((cookie) => cookie.name === 'kusina_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

  // The browser's own requests carry the cookie: the signed-in page works after a reload.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  // A write naming another site as its origin, with the browser's cookie, is refused.
  const cookieHeader = `kusina_session=${session!.value}`;
  const foreign = await page.request.patch('/api/v1/profile', { headers: { origin: 'https://evil.example', cookie: cookieHeader }, data: { user: { first_name: 'Mallory' } } });
  expect(foreign.status()).toBe(403);

  await signOut(page);
  const after = await page.request.get('/api/v1/profile', { headers: { cookie: cookieHeader } });
  expect(after.status()).toBe(401);
});
