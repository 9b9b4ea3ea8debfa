import { composeEmail, paragraph, signature } from './compose-email';

// The code that proves a signer is who the session says (decision 056): asked for on the signing page.
export function agreementCodeEmail({ name, code, title }: { name: string; code: string; title: string }) {
  return composeEmail({
    subject: `${code} is your Tandem signing code`,
    blocks: [
      paragraph`Hi ${name},`,
      paragraph`Enter ${code} to sign “${title}”. It works once, for 15 minutes.`,
      paragraph`If you did not ask for it, someone may be signed in as you: change your password and write to us.`,
      signature,
    ],
  });
}
