import { composeEmail, paragraph, signature } from './compose-email';

// To each member of the hiring company when the applicant accepts the offer.
export function offerAcceptedEmail({
  name,
  applicantName,
  jobTitle,
  startDate,
}: {
  name: string;
  applicantName: string;
  jobTitle: string;
  startDate: string;
}) {
  return composeEmail({
    subject: `${applicantName} accepted your offer for ${jobTitle}`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`${applicantName} accepted your offer for ${jobTitle} and is now hired. Their assignment starts on ${startDate}.`,
      signature,
    ],
  });
}
