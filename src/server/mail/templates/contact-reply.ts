import { composeEmail, paragraph, quote } from './compose-email';

// An administrator's answer to a message sent through a public contact form, from the contact inbox.
// Their words go out as written, signed with their name, above the message they answer; the email's
// Reply-To is their address, so the conversation goes on by email.
export function contactReplyEmail({
  reply,
  adminName,
  subject,
  senderName,
  message,
  sentAt,
}: {
  reply: string;
  adminName: string;
  // The subject of the message answered; the home page's form has none.
  subject: string | null;
  senderName: string;
  message: string;
  // When the message was sent, already written ("24 November 2026, 14:05 UTC").
  sentAt: string;
}) {
  return composeEmail({
    subject: `Re: ${subject ?? 'Your message to Tandem'}`,
    blocks: [
      paragraph`${reply}`,
      paragraph`${adminName}\nTandem`,
      paragraph`On ${sentAt}, ${senderName} wrote:`,
      quote(message.split('\n').map((line) => [line])),
    ],
  });
}
