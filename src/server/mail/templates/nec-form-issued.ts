import { composeEmail, link, paragraph, signature } from './compose-email';

// To a US talent when Tandem issues their Form 1099-NEC for a year, or a corrected one (decision 055).
export function necFormIssuedEmail({
  name,
  year,
  amount,
  corrected,
  earningsUrl,
}: {
  name: string;
  year: number;
  // Box 1 as people read it: "$1,234.56".
  amount: string;
  corrected: boolean;
  earningsUrl: string;
}) {
  return composeEmail({
    subject: corrected
      ? `Your corrected Form 1099-NEC for ${year} is ready`
      : `Your Form 1099-NEC for ${year} is ready`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`${
        corrected ? 'We corrected your Form 1099-NEC' : 'Your Form 1099-NEC'
      } for ${year} is ready: it reports ${amount} of nonemployee compensation Tandem paid you in ${year}, and Tandem files the same figures with the IRS.${
        corrected ? ' It replaces the form we issued before.' : ''
      } Download your copy from Earnings: ${link(earningsUrl)}`,
      signature,
    ],
  });
}
