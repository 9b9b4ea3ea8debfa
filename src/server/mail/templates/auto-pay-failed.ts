import { formatCents } from '~/shared/billing';
import type { Currency } from '~/shared/currencies';
import { composeEmail, link, paragraph, signature } from './compose-email';

// Nobody was there to see Auto-Pay's refusal: the company's members are told by email.
export function autoPayFailedEmail({
  name,
  invoiceNumber,
  amountCents,
  currency,
  method,
  reason,
  billingUrl,
}: {
  name: string;
  invoiceNumber: string;
  amountCents: number;
  // The payment's currency: the company's billing currency.
  currency: Currency;
  method: string;
  // What the payment provider said.
  reason: string;
  billingUrl: string;
}) {
  return composeEmail({
    subject: `Auto-Pay could not pay invoice ${invoiceNumber}`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`Auto-Pay tried to pay ${formatCents(amountCents, currency)} for invoice ${invoiceNumber} with ${method}: ${reason}`,
      paragraph`Pay it with another method: ${link(billingUrl)}`,
      signature,
    ],
  });
}
