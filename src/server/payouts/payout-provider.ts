import type Stripe from 'stripe';
import type { Currency } from '~/shared/currencies';
import { payoutTexts } from '~/shared/payouts';
import type { Config } from '../config';

// How a payout leaves (docs/decisions/036), as payments have their provider: a Stripe Connect transfer to
// the talent's connected account, or a line of the bank file the finance team uploads to their bank or
// Wise (the payout stays on its way until they mark it paid or import the bank's result).

export interface TransferRequest {
  payoutId: string;
  // In the payout's currency's minor unit, which is Stripe's unit for every payout currency (none for VND,
  // cents for the others): Stripe's exceptions (ISK, HUF, TWD, UGX and the three-decimal ones) are not
  // among payoutCurrencies.
  amountCents: number;
  currency: Currency;
  // The connected account (acct_…).
  destination: string;
  runId: string;
}

export type TransferOutcome = { status: 'paid'; reference: string } | { status: 'failed'; reason: string };

// Stripe could not be reached or did not answer: whether the transfer happened is unknown; the payout
// stays on its way and the next attempt, with the same idempotency key, finds out.
export class TransientPayoutError extends Error {}

export interface ConnectProvider {
  // Creates the talent's Express account (once: the caller keeps its id).
  createAccount(input: { email: string; applicantId: string }): Promise<{ accountId: string }>;
  // The onboarding page to send the talent to.
  accountLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  // Whether Stripe will pay out to the account, and the currency it pays out in (its default currency,
  // ISO upper case; null when Stripe does not say).
  accountState(accountId: string): Promise<{ onboarded: boolean; currency: string | null }>;
  transfer(request: TransferRequest): Promise<TransferOutcome>;
}

// Loaded with the first Connect request: a fifth of a second of every start otherwise.
let stripeModule: Promise<typeof Stripe> | undefined;
function loadStripe(): Promise<typeof Stripe> {
  stripeModule ??= import('stripe').then((module) => module.default);
  return stripeModule;
}

export function createStripeConnect({ secretKey, apiUrl }: { secretKey: string; apiUrl?: string }): ConnectProvider {
  const address = apiUrl ? new URL(apiUrl) : undefined;
  const config: Stripe.StripeConfig = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(address && {
      host: address.hostname,
      port: address.port || (address.protocol === 'https:' ? '443' : '80'),
      protocol: address.protocol === 'https:' ? 'https' : 'http',
    }),
  };
  let client: Promise<Stripe> | undefined;
  const stripeClient = () => {
    client ??= loadStripe().then((StripeClient) => new StripeClient(secretKey, config));
    return client;
  };
  return {
    async createAccount({ email, applicantId }) {
      const stripe = await stripeClient();
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { applicant_id: applicantId },
        },
        { idempotencyKey: `connect-account:${applicantId}` },
      );
      return { accountId: account.id };
    },
    async accountLink({ accountId, returnUrl, refreshUrl }) {
      const stripe = await stripeClient();
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return { url: link.url };
    },
    async accountState(accountId) {
      const stripe = await stripeClient();
      const account = await stripe.accounts.retrieve(accountId);
      return {
        onboarded: Boolean(account.payouts_enabled && account.details_submitted),
        currency: account.default_currency?.toUpperCase() ?? null,
      };
    },
    async transfer({ payoutId, amountCents, currency, destination, runId }) {
      const stripe = await stripeClient();
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: amountCents,
            // Stripe spells currencies in lower case.
            currency: currency.toLowerCase(),
            destination,
            transfer_group: `payout-run:${runId}`,
            metadata: { payout_id: payoutId },
          },
          { idempotencyKey: `payout:${payoutId}` },
        );
        return { status: 'paid', reference: transfer.id };
      } catch (error) {
        const { errors } = await loadStripe();
        if (error instanceof errors.StripeInvalidRequestError || error instanceof errors.StripePermissionError) {
          return { status: 'failed', reason: payoutTexts.transferRefused };
        }
        throw new TransientPayoutError('Stripe did not answer the transfer.', { cause: error });
      }
    },
  };
}

// Stripe Connect where Stripe is configured; elsewhere payouts go by bank file only.
export function createConnectProvider(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>,
): ConnectProvider | null {
  return config.STRIPE_SECRET_KEY
    ? createStripeConnect({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL })
    : null;
}
