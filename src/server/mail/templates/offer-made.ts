import { composeEmail, paragraph, signature } from './compose-email';

// To the applicant, with the terms, when a company makes an offer.
export function offerMadeEmail({
  name,
  jobTitle,
  rateCents,
  weeklyHours,
  startDate,
}: {
  name: string;
  jobTitle: string;
  rateCents: number;
  weeklyHours: number;
  startDate: string;
}) {
  return composeEmail({
    subject: `You have an offer for ${jobTitle}`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`You have an offer for ${jobTitle}: $${(rateCents / 100).toFixed(2)} an hour, ${weeklyHours} hours a week, starting ${startDate}.`,
      paragraph`Open My Applications on Tandem to accept or decline it.`,
      signature,
    ],
  });
}
