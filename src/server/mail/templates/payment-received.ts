import { formatCents } from '~/shared/billing';
import type { Currency } from '~/shared/currencies';
import { composeEmail, link, paragraph, signature } from './compose-email';

// To the company's members when a payment of an invoice completes.
export function paymentReceivedEmail({
  name,
  invoiceNumber,
  amountCents,
  currency,
  method,
  isAutoPay,
  billingUrl,
}: {
  name: string;
  invoiceNumber: string;
  amountCents: number;
  // The payment's currency: the company's billing currency.
  currency: Currency;
  // The payment method as the company named it ("Visa •••• 4242").
  method: string;
  isAutoPay: boolean;
  billingUrl: string;
}) {
  return composeEmail({
    subject: `Payment received for invoice ${invoiceNumber}`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`We received ${formatCents(amountCents, currency)} for invoice ${invoiceNumber}, paid with ${method}${isAutoPay ? ' by Auto-Pay' : ''}. Thank you.`,
      paragraph`Your invoices: ${link(billingUrl)}`,
      signature,
    ],
  });
}
