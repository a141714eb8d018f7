import { randomBytes } from 'node:crypto';
import { cardBrand, CheckoutMessages } from '@kusina/domain/checkout';
import { PaymentDeclinedError, type AuthorizeInput, type AuthorizeResult, type PaymentProcessor } from './processor.ts';

/**
 * Stripe's test cards, answered locally (the default while a restaurant is in test mode):
 * 4242 4242 4242 4242 and any other valid number succeed, 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 has insufficient funds, and 4000 0000 0000 0341 authorizes but its capture
 * is declined (to exercise a failed capture). Card checks (Luhn, expiry, CVC) happen before.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  captureDeclined: '4000000000000341',
} as const;

/**
 * The test processor's capture is a pure function of the payment row: it declines the card ending
 * in these digits, and a payment with no transaction id, and captures everything else under the
 * authorization's own id.
 */
const TEST_CAPTURE_DECLINED_LAST4 = TEST_CARDS.captureDeclined.slice(-4);

export function testTransactionId(): string {
  return `test_txn_${randomBytes(12).toString('hex')}`;
}

export const testProcessor: PaymentProcessor = {
  name: 'test',

  async begin() {
    return { paymentIntentId: null, paymentMethod: 'credit_card' };
  },

  async authorize(input: AuthorizeInput): Promise<AuthorizeResult> {
    if (!input.card) return { outcome: 'pending' };
    const digits = input.card.number.replace(/[\s-]/g, '');
    const card = { cardBrand: cardBrand(digits), cardLast4: digits.slice(-4) };
    if (digits === TEST_CARDS.declined) return { outcome: 'declined', message: CheckoutMessages.cardDeclined, ...card };
    if (digits === TEST_CARDS.insufficientFunds) return { outcome: 'declined', message: CheckoutMessages.insufficientFunds, ...card };
    return { outcome: 'authorized', transactionId: testTransactionId(), ...card };
  },

  async capture(input) {
    if (input.cardLast4 === TEST_CAPTURE_DECLINED_LAST4) throw new PaymentDeclinedError(CheckoutMessages.cardDeclined);
    if (!input.transactionId) throw new PaymentDeclinedError(CheckoutMessages.paymentNotAuthorized);
    return { transactionId: input.transactionId };
  },

  async void() {
    // Nothing is held anywhere: the payment row's status is the whole state.
  },

  async refund() {
    return { refundId: `test_refund_${randomBytes(12).toString('hex')}` };
  },
};
