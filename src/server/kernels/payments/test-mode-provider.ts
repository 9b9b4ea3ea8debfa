import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { addPaymentMethodSchema, paymentTexts } from '~/shared/billing';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import { AppError } from '../../platform/errors';
import {
  type ChargeOutcome,
  type NewPaymentMethodInput,
  type PaymentProvider,
  type SavedMethod,
  TransientPaymentError,
} from './payment-provider';

// What a test-mode method does when charged, named in its reference (as Stripe's test cards are:
// pm_card_visa, pm_card_chargeDeclined…), so every instance charging it agrees without shared memory.
const behaviours = ['succeeds', 'declined', 'insufficient', 'flaky'] as const;
type Behaviour = (typeof behaviours)[number];

// The numbers of a card processor's test mode (Stripe's): every other valid number succeeds.
const testCards: Record<string, Behaviour> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient',
  '4000000000000119': 'flaky',
};
// A bank account number ending in these digits is refused, for the tests.
const DECLINED_ACCOUNT_ENDING = '0002';

const cardBrands: Array<[RegExp, string]> = [
  [/^4/, 'Visa'],
  [/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/, 'Mastercard'],
  [/^3[47]/, 'American Express'],
  [/^(6011|65|64[4-9])/, 'Discover'],
  [/^35/, 'JCB'],
  [/^3(0[0-5]|[68])/, 'Diners Club'],
];

function cardBrandOf(number: string): string {
  return cardBrands.find(([pattern]) => pattern.test(number))?.[1] ?? 'Card';
}

// The Luhn checksum every card number carries: a mistyped digit fails it.
function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const referenceOf = (kind: string, behaviour: Behaviour) => `tm_${kind}_${behaviour}_${randomBytes(8).toString('hex')}`;

function behaviourOf(providerRef: string): Behaviour | undefined {
  const behaviour = providerRef.split('_')[2];
  return behaviours.find((candidate) => candidate === behaviour);
}

// The charge a key names: the same key, the same charge, on every instance.
export const testChargeIdOf = (idempotencyKey: string) =>
  `ch_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;

// The default provider: behaves like a card processor's test mode, with no network. Card numbers are
// checked and dropped; only the brand and last four digits are kept.
export function createTestModeProvider({
  db,
  now = () => new Date(),
}: {
  db: Database;
  now?: () => Date;
}): PaymentProvider {
  return {
    name: 'test',
    methodInputSchema: addPaymentMethodSchema,

    async saveMethod({ method }: { method: NewPaymentMethodInput }): Promise<SavedMethod> {
      if (method.kind === 'card') {
        if (!('card_number' in method)) {
          throw new AppError('validation', paymentTexts.cardNumberIncorrect, {
            card_number: paymentTexts.cardNumberIncorrect,
          });
        }
        const number = method.card_number;
        if (!passesLuhn(number)) {
          throw new AppError('validation', paymentTexts.cardNumberIncorrect, {
            card_number: paymentTexts.cardNumberIncorrect,
          });
        }
        const today = now();
        const monthsNow = today.getUTCFullYear() * 12 + today.getUTCMonth();
        if (method.exp_year * 12 + (method.exp_month - 1) < monthsNow) {
          throw new AppError('validation', paymentTexts.cardExpired, { exp_year: paymentTexts.cardExpired });
        }
        const last4 = number.slice(-4);
        return {
          kind: 'card',
          provider_ref: referenceOf('card', testCards[number] ?? 'succeeds'),
          label: `${cardBrandOf(number)} ending in ${last4}`,
          last4,
        };
      }
      if (method.kind === 'bank') {
        const last4 = method.account_number.slice(-4);
        return {
          kind: 'bank',
          provider_ref: referenceOf('bank', last4 === DECLINED_ACCOUNT_ENDING ? 'declined' : 'succeeds'),
          label: `Bank account ending in ${last4}`,
          last4,
        };
      }
      return {
        kind: 'wallet',
        provider_ref: referenceOf('wallet', 'succeeds'),
        label: `Wallet (${method.email})`,
        last4: null,
      };
    },

    async charge({ providerRef, idempotencyKey, paymentId }): Promise<ChargeOutcome> {
      const chargeId = testChargeIdOf(idempotencyKey);
      const behaviour = behaviourOf(providerRef);
      if (!behaviour) return { status: 'declined', message: paymentTexts.methodUnusable };
      if (behaviour === 'declined') {
        const message = providerRef.startsWith('tm_bank_') ? paymentTexts.bankDeclined : paymentTexts.cardDeclined;
        return { status: 'declined', message };
      }
      if (behaviour === 'insufficient') return { status: 'declined', message: paymentTexts.insufficientFunds };
      if (behaviour === 'flaky') {
        // The first attempt of a key fails as a network error would. What was attempted is remembered on
        // the payment itself (its charge reference, set once), so every instance sees the same history.
        const [firstAttempt] = await db
          .update(payments)
          .set({ providerRef: chargeId })
          .where(and(eq(payments.id, paymentId), isNull(payments.providerRef)))
          .returning({ id: payments.id });
        if (firstAttempt) throw new TransientPaymentError('The test-mode card 4000 0000 0000 0119 failed once.');
      }
      return { status: 'succeeded', providerRef: chargeId };
    },

    // Nothing leaves the building in test mode: the refund is ours alone, named by its key.
    async refund({ idempotencyKey }) {
      return { refundRef: `re_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
    },
  };
}
