import { composeEmail, link, paragraph, signature } from './compose-email';

// One in-app notification by email (notifications/email-notification.ts): its title is the subject.
export function notificationEmail({
  name,
  title,
  body,
  url,
  settingsUrl,
}: {
  name: string;
  title: string;
  body: string;
  // Where the notification leads on Tandem, when it leads somewhere.
  url?: string;
  // Where the person chooses what is emailed, when their role has such a page.
  settingsUrl?: string;
}) {
  return composeEmail({
    subject: title,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`${body}`,
      ...(url ? [paragraph`Open it on Tandem: ${link(url)}`] : []),
      ...(settingsUrl
        ? [paragraph`Choose which notifications we email you in your settings: ${link(settingsUrl)}`]
        : []),
      signature,
    ],
  });
}
