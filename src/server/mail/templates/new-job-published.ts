import { composeEmail, link, paragraph } from './compose-email';

// To every administrator while System Settings "New job notifications" is on.
export function newJobPublishedEmail({ title, companyName, url }: { title: string; companyName: string; url: string }) {
  return composeEmail({
    subject: `New job published: ${title}`,
    blocks: [
      paragraph`${companyName} published a new job on Tandem: ${title}.`,
      paragraph`See it in the back office: ${link(url)}`,
      paragraph`You get this email because New Job Notifications are on in System Settings.`,
    ],
  });
}
