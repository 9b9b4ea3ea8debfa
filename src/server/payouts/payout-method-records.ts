import { and, eq, isNull } from 'drizzle-orm';
import { currencyOf } from '~/shared/currencies';
import {
  type NewPayoutMethod,
  PAYOUT_METHOD_WAIT_HOURS,
  type PayoutMethod,
  payoutMethodKindLabels,
  payoutTexts,
} from '~/shared/payouts';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { payoutMethods, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { payoutMethodAddedEmail } from '../mail/templates/payout-method-added';
import { AppError } from '../platform/errors';

// A talent's payout methods (docs/decisions/036): kept apart from the profile, masked in every answer, each
// added or made the default only with a fresh proof that it is the person (their password, or for one who
// has none a code emailed to them), announced by email, and paid only 72 hours after it was added — the time for the real
// owner to see the email and stop an account takeover. Each operation on them is a file of its own
// (list-payout-methods.ts, add-payout-method.ts, …); this one holds what they share.

export type MethodRow = typeof payoutMethods.$inferSelect;

export const MAX_METHODS = 10;
export const CODE_LIFETIME_MINUTES = 15;
export const WAIT_MS = PAYOUT_METHOD_WAIT_HOURS * 3_600_000;

// 'ada@example.com' → 'a***@example.com'.
const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

export function labelOf(method: NewPayoutMethod): { label: string; last4: string | null } {
  if (method.kind === 'bank_account') {
    const last4 = method.account_number.slice(-4);
    return { label: `${payoutMethodKindLabels.bank_account} · ${method.bank_name} · ending in ${last4}`, last4 };
  }
  return { label: `${payoutMethodKindLabels[method.kind]} · ${maskEmail(method.email)}`, last4: null };
}

const momentForEmail = (moment: Date) =>
  `${new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(moment)} UTC`;

export function viewOf(row: MethodRow): PayoutMethod {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    holder_name: row.holderName,
    currency: currencyOf(row.currency),
    is_default: row.isDefault,
    usable_from: row.usableFrom.toISOString(),
    onboarded: row.kind !== 'stripe_connect' || row.onboardedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

// The email that tells the person where their money now goes, in the change's transaction.
export async function emailChange(
  tx: Database,
  {
    mailer,
    publicUrl,
    applicantId,
    row,
    change,
  }: { mailer: Mailer; publicUrl: string; applicantId: string; row: MethodRow; change: 'added' | 'default' },
) {
  const [person] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, applicantId));
  if (!person) return;
  await mailer.send(
    person.email,
    payoutMethodAddedEmail({
      name: person.name,
      method: row.label,
      usableFrom: momentForEmail(row.usableFrom),
      change,
      earningsUrl: `${publicUrl}${paths.applicantEarnings.getHref()}`,
    }),
    { transaction: tx },
  );
}

// One of the person's own methods, locked for the change; 404 for anyone else's.
export async function ownMethod(tx: Database, applicantId: string, methodId: string): Promise<MethodRow> {
  const [row] = await tx
    .select()
    .from(payoutMethods)
    .where(
      and(eq(payoutMethods.id, methodId), eq(payoutMethods.applicantId, applicantId), isNull(payoutMethods.removedAt)),
    )
    .for('update');
  if (!row) throw new AppError('not_found', payoutTexts.notFound);
  return row;
}

// The person's default method now, if any: its id and the currency it pays in.
export async function defaultMethodOf(
  db: Database,
  applicantId: string,
): Promise<{ id: string; currency: string } | undefined> {
  const [row] = await db
    .select({ id: payoutMethods.id, currency: payoutMethods.currency })
    .from(payoutMethods)
    .where(
      and(
        eq(payoutMethods.applicantId, applicantId),
        eq(payoutMethods.isDefault, true),
        isNull(payoutMethods.removedAt),
      ),
    );
  return row;
}

// Whether the person has a default method now: a new one becomes the default only when they have none.
export async function hasDefaultMethod(db: Database, applicantId: string): Promise<boolean> {
  return Boolean(await defaultMethodOf(db, applicantId));
}

// The person's Stripe Connect method, when they have started one.
export async function connectMethodOf(db: Database, applicantId: string): Promise<MethodRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutMethods)
    .where(
      and(
        eq(payoutMethods.applicantId, applicantId),
        eq(payoutMethods.kind, 'stripe_connect'),
        isNull(payoutMethods.removedAt),
      ),
    );
  return row;
}
