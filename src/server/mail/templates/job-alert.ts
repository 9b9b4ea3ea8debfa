import { composeEmail, type Inline, link, paragraph, quote, signature } from './compose-email';

interface AlertJob {
  title: string;
  companyName: string;
  // '$60–80/hr', '€5,000 fixed price', 'Budget not given': in the company's billing currency.
  pay: string;
  url: string;
}

// A saved search's daily or weekly alert: the open jobs new since the last one (job-board/send-job-alerts.ts).
// It ends with the page that stops it, and carries the one-click address mail providers offer as an
// Unsubscribe button (RFC 8058).
export function jobAlertEmail({
  name,
  searchName,
  frequency,
  jobs,
  more,
  searchUrl,
  unsubscribeUrl,
  oneClickUnsubscribeUrl,
  manageUrl,
}: {
  name: string;
  searchName: string;
  frequency: 'daily' | 'weekly';
  jobs: AlertJob[];
  // New jobs beyond those listed.
  more: number;
  searchUrl: string;
  unsubscribeUrl: string;
  oneClickUnsubscribeUrl: string;
  manageUrl: string;
}) {
  const count = jobs.length + more;
  const sections = jobs.map(({ title, companyName, pay, url }) => {
    const lines: Inline[][] = [[title], [`${companyName} · ${pay}`], [link(url)]];
    return quote(lines);
  });
  return composeEmail({
    subject:
      count === 1 ? `1 new job for “${searchName}”` : `${count.toLocaleString('en-US')} new jobs for “${searchName}”`,
    listUnsubscribeUrl: oneClickUnsubscribeUrl,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`${count === 1 ? 'A job matching' : `${count.toLocaleString('en-US')} jobs matching`} your saved search “${searchName}” ${count === 1 ? 'was' : 'were'} posted since your last alert:`,
      ...sections,
      ...(more > 0
        ? [paragraph`And ${more.toLocaleString('en-US')} more. See them all: ${link(searchUrl)}`]
        : [paragraph`Run the search on Tandem: ${link(searchUrl)}`]),
      paragraph`You get this ${frequency} email because you saved this search with alerts. Change your alerts: ${link(manageUrl)}`,
      paragraph`Unsubscribe from this search’s alerts (no sign-in needed): ${link(unsubscribeUrl)}`,
      signature,
    ],
  });
}
