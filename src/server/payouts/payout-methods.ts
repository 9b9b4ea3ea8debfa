import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  type NewPayoutMethod,
  PAYOUT_METHOD_WAIT_HOURS,
  type PayoutMethod,
  type PayoutMethodList,
  type PayoutProof,
  payoutMethodKindLabels,
  payoutTexts,
} from '~/shared/payouts';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { oneTimeTokens, payoutMethods, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { payoutMethodAddedEmail } from '../mail/templates/payout-method-added';
import { payoutMethodCodeEmail } from '../mail/templates/payout-method-code';
import { AppError } from '../platform/errors';
import { verifyPassword } from '../platform/passwords';
import { recordAuditEvent } from '../platform/record-audit-event';
import { hashToken } from '../platform/secure-tokens';
import type { ConnectProvider } from './payout-provider';

// A talent's payout methods (docs/decisions/036): kept apart from the profile, masked in every answer, each
// added or made the default only with a fresh proof that it is the person (their password, or for one who
// has none a code emailed to them), announced by email, and paid only 72 hours after it was added — the time for the real
// owner to see the email and stop an account takeover.

type MethodRow = typeof payoutMethods.$inferSelect;

const MAX_METHODS = 10;
const CODE_LIFETIME_MINUTES = 15;
const WAIT_MS = PAYOUT_METHOD_WAIT_HOURS * 3_600_000;

// 'ada@example.com' → 'a***@example.com'.
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

function labelOf(method: NewPayoutMethod): { label: string; last4: string | null } {
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
    is_default: row.isDefault,
    usable_from: row.usableFrom.toISOString(),
    onboarded: row.kind !== 'stripe_connect' || row.onboardedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listPayoutMethods({
  db,
  applicantId,
  connectAvailable,
}: {
  db: Database;
  applicantId: string;
  connectAvailable: boolean;
}): Promise<PayoutMethodList> {
  const [rows, [person]] = await Promise.all([
    db
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.applicantId, applicantId), isNull(payoutMethods.removedAt)))
      .orderBy(desc(payoutMethods.isDefault), asc(payoutMethods.createdAt)),
    db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, applicantId)),
  ]);
  return { items: rows.map(viewOf), has_password: Boolean(person?.passwordHash), connect_available: connectAvailable };
}

// A six-digit code by email, for a person with no password; a new one replaces the last.
export async function sendPayoutCode({
  db,
  mailer,
  applicantId,
}: {
  db: Database;
  mailer: Mailer;
  applicantId: string;
}) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    const [person] = await tx
      .select({ name: users.name, email: users.email, hasPassword: sql<boolean>`${users.passwordHash} is not null` })
      .from(users)
      .where(eq(users.id, applicantId));
    if (!person) throw new AppError('not_found', payoutTexts.talentNotFound);
    // A code it would refuse (confirmIdentity): none is sent.
    if (person.hasPassword) throw new AppError('conflict', payoutTexts.passwordInstead);
    await tx
      .delete(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, applicantId),
          eq(oneTimeTokens.purpose, 'payout_method'),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    await tx.insert(oneTimeTokens).values({
      userId: applicantId,
      purpose: 'payout_method',
      tokenHash: hashToken(`${applicantId}:${code}`),
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MINUTES * 60_000),
    });
    await mailer.send(person.email, payoutMethodCodeEmail({ name: person.name, code }), { transaction: tx });
  });
}

// The fresh proof a change of where the money goes needs: the password, for a person who has one; a code
// emailed to them, for a person who has none. Throws a validation error naming the field.
export async function confirmIdentity(db: Database, applicantId: string, proof: PayoutProof): Promise<void> {
  const [person] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, applicantId));
  if (person?.passwordHash) {
    if (!proof.password) {
      const message = proof.email_code ? payoutTexts.passwordInstead : payoutTexts.passwordNeeded;
      throw new AppError('validation', message, { 'proof.password': message });
    }
    if (!(await verifyPassword(person.passwordHash, proof.password))) {
      throw new AppError('validation', payoutTexts.passwordWrong, { 'proof.password': payoutTexts.passwordWrong });
    }
    return;
  }
  if (!proof.email_code) {
    const message = proof.password ? payoutTexts.noPassword : payoutTexts.codeNeeded;
    throw new AppError('validation', message, { 'proof.email_code': message });
  }
  const [used] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.userId, applicantId),
        eq(oneTimeTokens.purpose, 'payout_method'),
        eq(oneTimeTokens.tokenHash, hashToken(`${applicantId}:${proof.email_code}`)),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: oneTimeTokens.id });
  if (!used) throw new AppError('validation', payoutTexts.codeWrong, { 'proof.email_code': payoutTexts.codeWrong });
}

async function emailChange(
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

export async function addPayoutMethod({
  db,
  mailer,
  publicUrl,
  applicantId,
  method,
  now = new Date(),
  ipAddress,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  applicantId: string;
  method: NewPayoutMethod;
  now?: Date;
  ipAddress?: string;
}): Promise<PayoutMethod> {
  return db.transaction(async (tx) => {
    // One change at a time per person: the count and the default below are read under this lock.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, applicantId)).for('update');
    const [existing] = await tx
      .select({ total: count() })
      .from(payoutMethods)
      .where(and(eq(payoutMethods.applicantId, applicantId), isNull(payoutMethods.removedAt)));
    if ((existing?.total ?? 0) >= MAX_METHODS) throw new AppError('conflict', payoutTexts.tooMany);
    const [currentDefault] = await tx
      .select({ id: payoutMethods.id })
      .from(payoutMethods)
      .where(
        and(
          eq(payoutMethods.applicantId, applicantId),
          eq(payoutMethods.isDefault, true),
          isNull(payoutMethods.removedAt),
        ),
      );
    const { label, last4 } = labelOf(method);
    const [row] = await tx
      .insert(payoutMethods)
      .values({
        applicantId,
        kind: method.kind,
        label,
        ...(method.kind === 'bank_account'
          ? {
              holderName: method.holder_name,
              bankName: method.bank_name,
              accountNumber: method.account_number,
              bankCodeType: method.bank_code_type,
              bankCode: method.bank_code,
            }
          : { email: method.email }),
        isDefault: !currentDefault,
        usableFrom: new Date(now.getTime() + WAIT_MS),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('The payout method was not stored.');
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: applicantId,
        action: 'payout_method.added',
        targetType: 'payout_method',
        targetId: row.id,
        details: {
          kind: row.kind,
          label: row.label,
          last4,
          is_default: row.isDefault,
          usable_from: row.usableFrom.toISOString(),
        },
        ipAddress,
      },
    });
    await emailChange(tx, { mailer, publicUrl, applicantId, row, change: 'added' });
    return viewOf(row);
  });
}

async function ownMethod(tx: Database, applicantId: string, methodId: string): Promise<MethodRow> {
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

export async function makeDefaultPayoutMethod({
  db,
  mailer,
  publicUrl,
  applicantId,
  methodId,
  ipAddress,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  applicantId: string;
  methodId: string;
  ipAddress?: string;
}): Promise<PayoutMethod> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, applicantId)).for('update');
    const row = await ownMethod(tx, applicantId, methodId);
    if (row.isDefault) return viewOf(row);
    await tx
      .update(payoutMethods)
      .set({ isDefault: false })
      .where(and(eq(payoutMethods.applicantId, applicantId), eq(payoutMethods.isDefault, true)));
    const [updated] = await tx
      .update(payoutMethods)
      .set({ isDefault: true })
      .where(eq(payoutMethods.id, row.id))
      .returning();
    if (!updated) throw new AppError('not_found', payoutTexts.notFound);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: applicantId,
        action: 'payout_method.made_default',
        targetType: 'payout_method',
        targetId: row.id,
        details: { label: row.label },
        ipAddress,
      },
    });
    await emailChange(tx, { mailer, publicUrl, applicantId, row: updated, change: 'default' });
    return viewOf(updated);
  });
}

export async function removePayoutMethod({
  db,
  applicantId,
  methodId,
  ipAddress,
}: {
  db: Database;
  applicantId: string;
  methodId: string;
  ipAddress?: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownMethod(tx, applicantId, methodId);
    const [others] = await tx
      .select({ total: count() })
      .from(payoutMethods)
      .where(and(eq(payoutMethods.applicantId, applicantId), isNull(payoutMethods.removedAt)));
    // The default goes last: a person with other methods chooses which is paid next.
    if (row.isDefault && (others?.total ?? 0) > 1) throw new AppError('conflict', payoutTexts.removeDefaultFirst);
    await tx.update(payoutMethods).set({ removedAt: new Date(), isDefault: false }).where(eq(payoutMethods.id, row.id));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: applicantId,
        action: 'payout_method.removed',
        targetType: 'payout_method',
        targetId: row.id,
        details: { label: row.label },
        ipAddress,
      },
    });
  });
}

// Stripe Connect: the talent's Express account, made once, and the onboarding page to finish it on. The
// method waits like any other from when it was first made.
export async function startConnectOnboarding({
  db,
  connect,
  publicUrl,
  applicantId,
  now = new Date(),
}: {
  db: Database;
  connect: ConnectProvider | null;
  publicUrl: string;
  applicantId: string;
  now?: Date;
}): Promise<{ url: string }> {
  if (!connect) throw new AppError('conflict', payoutTexts.connectUnavailable);
  const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, applicantId));
  if (!person) throw new AppError('not_found', payoutTexts.talentNotFound);
  const [existing] = await db
    .select()
    .from(payoutMethods)
    .where(
      and(
        eq(payoutMethods.applicantId, applicantId),
        eq(payoutMethods.kind, 'stripe_connect'),
        isNull(payoutMethods.removedAt),
      ),
    );
  let accountId = existing?.stripeAccountId;
  if (!accountId) {
    ({ accountId } = await connect.createAccount({ email: person.email, applicantId }));
    const [hasDefault] = await db
      .select({ id: payoutMethods.id })
      .from(payoutMethods)
      .where(
        and(
          eq(payoutMethods.applicantId, applicantId),
          eq(payoutMethods.isDefault, true),
          isNull(payoutMethods.removedAt),
        ),
      );
    await db
      .insert(payoutMethods)
      .values({
        applicantId,
        kind: 'stripe_connect',
        label: `${payoutMethodKindLabels.stripe_connect} · account ending in ${accountId.slice(-4)}`,
        stripeAccountId: accountId,
        isDefault: !hasDefault,
        usableFrom: new Date(now.getTime() + WAIT_MS),
        createdAt: now,
      })
      .onConflictDoNothing();
  }
  const earnings = `${publicUrl}${paths.applicantEarnings.getHref()}`;
  return connect.accountLink({
    accountId,
    returnUrl: `${earnings}?stripe=return`,
    refreshUrl: `${earnings}?stripe=refresh`,
  });
}

// Back from Stripe's page: ask Stripe whether the account can be paid now.
export async function refreshConnectOnboarding({
  db,
  connect,
  applicantId,
}: {
  db: Database;
  connect: ConnectProvider | null;
  applicantId: string;
}): Promise<void> {
  if (!connect) return;
  const [method] = await db
    .select()
    .from(payoutMethods)
    .where(
      and(
        eq(payoutMethods.applicantId, applicantId),
        eq(payoutMethods.kind, 'stripe_connect'),
        isNull(payoutMethods.removedAt),
      ),
    );
  if (!method?.stripeAccountId || method.onboardedAt) return;
  if (await connect.isOnboarded(method.stripeAccountId)) {
    await db.update(payoutMethods).set({ onboardedAt: new Date() }).where(eq(payoutMethods.id, method.id));
  }
}
