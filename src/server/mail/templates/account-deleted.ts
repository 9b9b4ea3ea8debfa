import { composeEmail, paragraph } from './compose-email';

// The goodbye after an erasure: it names nobody, since the account it went to no longer has a name.
export function accountDeletedEmail() {
  return composeEmail({
    subject: 'Your Tandem account has been deleted',
    blocks: [
      paragraph`Hello,`,
      paragraph`As you asked, your Tandem account has been deleted: your profile, messages, sign-in details and
everything else about you were removed. Invoices and payments are kept for 7 years, as the law
requires, with no personal details beyond what they must show.`,
    ],
  });
}
