import { action, composeEmail, paragraph, quote } from './compose-email';

// To every administrator while System Settings "Contact message notifications" is on: someone wrote
// through a public contact form, and the form promised them an answer within 24 hours.
export function newContactMessageEmail({
  name,
  email,
  company,
  subject,
  message,
  formName,
  url,
}: {
  name: string;
  email: string;
  company: string | null;
  subject: string | null;
  message: string;
  // Which form: "the home page" or "the Contact page".
  formName: string;
  url: string;
}) {
  const who = company ? `${name} (${email}, ${company})` : `${name} (${email})`;
  return composeEmail({
    subject: subject ? `New contact message: ${subject}` : `New contact message from ${name}`,
    blocks: [
      paragraph`${who} wrote through the contact form of ${formName}:`,
      ...(subject ? [paragraph`Subject: ${subject}`] : []),
      quote(message.split('\n').map((line) => [line])),
      paragraph`The form promised an answer within 24 hours. Assign it, reply or mark it handled in the contact inbox:`,
      action('Open the message', url),
      paragraph`You get this email because Contact Message Notifications are on in System Settings.`,
    ],
  });
}
