import type { RestaurantOutput } from '@kusina/domain/restaurants';
import { Alert } from './alert.tsx';
import { paymentGatewayOf } from '../payment/live-payment.tsx';

export const TestModeText = {
  checkoutTitle: 'Test mode: no real payment is taken',
  checkout: 'This restaurant is not taking real payments yet: no card is charged and no money moves. The test cards are under Payment.',
  adminTitle: 'Payments are in test mode',
  admin: 'Checkout takes test cards only and no money moves. To take real payments, turn Test mode off under Restaurant → Online payments.',
  adminClosed:
    'This server takes no test payments (ALLOW_TEST_PAYMENTS), so customers cannot pay at checkout. Turn Test mode off under Restaurant → Online payments and use Stripe or PayPal.',
} as const;

/**
 * Says, where it matters, that a restaurant is still in test mode (issue #33): to customers at
 * checkout (a test card "pays", nothing is charged) and to its admins (their orders bring in no
 * money, or, where the server takes no test payments, none can be paid at all). Shown while
 * payment_gateway.test_mode is not explicitly false, the same rule the server's processor choice
 * follows; a polite status, in the theme's warning colours.
 */
export function TestModeBanner({ restaurant, audience, className }: { restaurant: RestaurantOutput; audience: 'checkout' | 'admin'; className?: string }) {
  const gateway = paymentGatewayOf(restaurant.admin_settings?.payment_gateway, restaurant.test_payments_allowed);
  if (audience === 'checkout') {
    // A checkout that cannot pay says so at Payment ('Payment processing is not available').
    if (gateway.kind !== 'test') return null;
    return (
      <Alert tone="warning" title={TestModeText.checkoutTitle} className={className}>
        {TestModeText.checkout}
      </Alert>
    );
  }
  if (gateway.kind !== 'test' && gateway.kind !== 'unavailable') return null;
  return (
    <Alert tone="warning" title={TestModeText.adminTitle} className={className}>
      {gateway.kind === 'unavailable' ? TestModeText.adminClosed : TestModeText.admin}
    </Alert>
  );
}
