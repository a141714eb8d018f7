import type { AdminSettings } from '@kusina/domain/restaurants';
import { Alert } from './alert.tsx';
import { paymentGatewayOf } from './live-payment.tsx';

export const TestModeText = {
  checkoutTitle: 'Test mode: no real payment is taken',
  checkout: 'This restaurant is not taking real payments yet: no card is charged and no money moves. The test cards are under Payment.',
  adminTitle: 'Payments are in test mode',
  admin: 'Checkout takes test cards only and no money moves. To take real payments, turn Test mode off under Restaurant → Online payments.',
} as const;

/**
 * Says, where it matters, that a restaurant is still in test mode (issue #33): to customers at
 * checkout (a test card "pays", nothing is charged) and to its admins (their orders bring in no
 * money). Shown while payment_gateway.test_mode is not explicitly false, the same rule the
 * server's processor choice follows; a polite status, in the theme's warning colours.
 */
export function TestModeBanner({ gateway, audience, className }: { gateway: AdminSettings['payment_gateway'] | null | undefined; audience: 'checkout' | 'admin'; className?: string }) {
  if (paymentGatewayOf(gateway).kind !== 'test') return null;
  return (
    <Alert tone="warning" title={audience === 'admin' ? TestModeText.adminTitle : TestModeText.checkoutTitle} className={className}>
      {audience === 'admin' ? TestModeText.admin : TestModeText.checkout}
    </Alert>
  );
}
