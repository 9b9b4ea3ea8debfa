import { formatCents } from '~/shared/billing';
import type { Currency } from '~/shared/currencies';
import type { OfferTerms } from '~/shared/offered-milestones';
import { composeEmail, paragraph, signature } from './compose-email';

// To the applicant, with the terms in the company's billing currency, when a company makes an offer.
export function offerMadeEmail({
  name,
  jobTitle,
  offer,
  currency,
  agreements = [],
}: {
  name: string;
  jobTitle: string;
  offer: OfferTerms;
  currency: Currency;
  // The agreements it comes with, signed before work starts.
  agreements?: string[];
}) {
  const terms = offer.milestones
    ? `a fixed price of ${formatCents(
        offer.milestones.reduce((total, milestone) => total + milestone.amount_cents, 0),
        currency,
      )} in ${offer.milestones.length === 1 ? 'one milestone' : `${offer.milestones.length} milestones`}`
    : `${formatCents(offer.rateCents, currency)} an hour, ${offer.weeklyHours} hours a week`;
  return composeEmail({
    subject: `You have an offer for ${jobTitle}`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`You have an offer for ${jobTitle}: ${terms}, starting ${offer.startDate}.`,
      paragraph`Open My Applications on Tandem to accept or decline it.`,
      ...(agreements.length > 0
        ? [
            paragraph`It comes with ${agreements.length === 1 ? 'an agreement' : `${agreements.length} agreements`} to sign before work starts: ${agreements.join(', ')}. Open Agreements on Tandem to read and sign.`,
          ]
        : []),
      signature,
    ],
  });
}
