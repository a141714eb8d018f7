/**
 * The spec's user-facing words, verbatim (storefront.md §2, §5, §8). The API and the SPA both
 * use these so a message is written once.
 */
export const AccountMessages = {
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account created successfully!',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordsDoNotMatchReset: 'Passwords do not match.',
  invalidCredentials: 'Invalid email or password. Please try again.',
  profileUpdateFailed: 'Failed to update profile',
  noUserInStore: 'No user in store. Are you logged in?',
  forgotFailed: 'Something went wrong.',
  forgotSent: 'Check your email for a reset link.',
  resetFailed: 'Failed to reset password',
  resetMissingTokenOrEmail: 'Invalid or missing token/email.',
  resetLinkInvalid: 'Invalid password reset link. Please request a new one.',
  verifyFailed: 'Invalid code or verification expired.',
  resendWaitServer: 'Please wait before requesting another code',
  resendWaitUser: 'You must wait 1 minute before requesting another code again.',
  resendFailed: 'Failed to resend code.',
  // Server answers of issue #2 (the spec leaves their words to us; written once here).
  emailTaken: 'An account with this email already exists.',
  unknownRestaurant: 'Unknown restaurant.',
  resetLinkExpired: 'This password reset link is invalid or has expired. Please request a new one.',
  phoneVerified: 'Phone verified.',
  codeSent: 'A new verification code is on its way.',
  phoneAlreadyVerified: 'Your phone is already verified.',
  phoneMissing: 'Add a phone number to your profile first.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  // Issue #33: a profile's e-mail or phone changes only with the current password.
  currentPasswordRequired: 'Enter your current password to change your e-mail or phone.',
  currentPasswordWrong: 'Your current password is not correct.',
  tooManyMessages: 'Too many messages were sent to this address. Please try again later.',
} as const;

/** The 429 answer of a sign-in while its account waits after repeated failures (issue #33). */
export function loginBackoffMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-ins for this account. Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}, or reset your password.`;
}

/** The 429 answer of resend_code inside the cooldown; contains resendWaitServer, as §8 expects. */
export function resendWaitMessage(retryAfterSeconds: number): string {
  return `${AccountMessages.resendWaitServer} (${retryAfterSeconds} s).`;
}

/** Client rule of storefront.md §8 Resend: the server's cooldown text becomes the friendlier one. */
export function resendErrorMessage(serverMessage: string | undefined): string {
  if (serverMessage?.includes(AccountMessages.resendWaitServer)) return AccountMessages.resendWaitUser;
  return serverMessage || AccountMessages.resendFailed;
}
