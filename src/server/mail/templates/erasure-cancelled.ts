import { composeEmail, paragraph } from './compose-email';

// The person withdrew their own erasure request.
export function erasureCancelledEmail({ name }: { name: string }) {
  return composeEmail({
    subject: 'Your Tandem account will not be deleted',
    blocks: [
      paragraph`Hello ${name},`,
      paragraph`You cancelled your request to delete your Tandem account. Your account stays as it is.`,
    ],
  });
}
