import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';
import { createTestModeProvider } from './test-mode-provider';

// Stripe when STRIPE_SECRET_KEY is set, else the test-mode provider that runs here with no network.
export function createPaymentProvider({
  db,
  config,
}: {
  db: Database;
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>;
}): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) {
    return createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL });
  }
  return createTestModeProvider({ db });
}
