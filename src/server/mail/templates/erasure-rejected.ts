import { composeEmail, paragraph } from './compose-email';

// An administrator refused an erasure request, saying why (unpaid invoices, say).
export function erasureRejectedEmail({ name, reason }: { name: string; reason: string }) {
  return composeEmail({
    subject: 'Your request to delete your Tandem account',
    blocks: [
      paragraph`Hello ${name},`,
      paragraph`We could not delete your Tandem account yet, for this reason:`,
      paragraph`${reason}`,
      paragraph`Your account stays as it is. Once this is settled you can ask again in Settings → Privacy.`,
    ],
  });
}
