import { CheckoutMessages, type ProcessorName } from '@kusina/domain/checkout';
import type { AdminSettings } from '@kusina/domain/restaurants';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { createPayPalProcessor } from './paypal-processor.ts';
import type { PaymentProcessor } from './processor.ts';
import { createStripeProcessor } from './stripe-processor.ts';
import { testProcessor } from './test-processor.ts';

/**
 * Which processor a restaurant's new payments use (admin_settings.payment_gateway): test mode,
 * on unless explicitly false, means the built-in test processor; otherwise the configured one
 * (default paypal, backoffice §9).
 */
export function selectProcessorName(settings: AdminSettings | null | undefined): ProcessorName {
  const gateway = settings?.payment_gateway;
  if (!gateway || gateway.test_mode !== false) return 'test';
  return gateway.payment_processor === 'stripe' ? 'stripe' : 'paypal';
}

export function notAvailable(): AppError {
  return new AppError('PAYMENT_UNAVAILABLE', 503, CheckoutMessages.paymentNotAvailable);
}

/**
 * The processor a new payment is opened or confirmed with. The test processor "pays" with any
 * Luhn-valid number, so it answers only where the operator allows it (ALLOW_TEST_PAYMENTS: by
 * default everywhere but production on an external database, decision 0086); elsewhere a restaurant
 * still in test mode cannot take payments (503, the checkout's 'not available' words). Captures and
 * refunds of payments already made keep using processorFor.
 */
export function processorForNewPayment(config: Config, name: ProcessorName): PaymentProcessor {
  if (name === 'test' && !config.allowTestPayments) throw notAvailable();
  return processorFor(config, name);
}

const cache = new WeakMap<Config, Map<ProcessorName, PaymentProcessor>>();

/** The processor by name, built once per configuration; 503 when its keys are missing. */
export function processorFor(config: Config, name: ProcessorName): PaymentProcessor {
  if (name === 'test') return testProcessor;
  let byName = cache.get(config);
  if (!byName) {
    byName = new Map();
    cache.set(config, byName);
  }
  const existing = byName.get(name);
  if (existing) return existing;
  let created: PaymentProcessor;
  if (name === 'stripe') {
    if (!config.STRIPE_SECRET_KEY) throw notAvailable();
    created = createStripeProcessor({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE });
  } else {
    if (!config.PAYPAL_CLIENT_ID || !config.PAYPAL_CLIENT_SECRET) throw notAvailable();
    created = createPayPalProcessor({ clientId: config.PAYPAL_CLIENT_ID, clientSecret: config.PAYPAL_CLIENT_SECRET, apiBase: config.paypalApiBase });
  }
  byName.set(name, created);
  return created;
}
