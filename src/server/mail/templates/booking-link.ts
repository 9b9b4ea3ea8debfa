import { composeEmail, link, paragraph, signature } from './compose-email';

// To the applicant a company sent a booking link: what the meeting is, and where to pick its time.
export function bookingLinkEmail({
  name,
  companyName,
  hosts,
  title,
  durationMinutes,
  expiresAt,
  bookingUrl,
}: {
  name: string;
  companyName: string;
  hosts: string[];
  title: string;
  durationMinutes: number;
  // When the link stops working, in the applicant's own zone.
  expiresAt: string;
  bookingUrl: string;
}) {
  return composeEmail({
    subject: `${companyName} asks you to book a time: ${title}`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`${companyName} would like to meet you for ${title} (${durationMinutes} minutes) with ${hosts.join(', ')}.`,
      paragraph`Pick a time that suits you from their free times over the next two weeks, shown in your own time zone: ${link(bookingUrl)}`,
      paragraph`The link can be used once and works until ${expiresAt}.`,
      signature,
    ],
  });
}
