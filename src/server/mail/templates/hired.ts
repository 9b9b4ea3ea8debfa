import { composeEmail, paragraph, signature } from './compose-email';

// To the applicant who accepted an offer.
export function hiredEmail({ name, jobTitle, startDate }: { name: string; jobTitle: string; startDate: string }) {
  return composeEmail({
    subject: `You are hired for ${jobTitle}`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`You accepted the offer for ${jobTitle}. Your assignment starts on ${startDate}.`,
      signature,
    ],
  });
}
