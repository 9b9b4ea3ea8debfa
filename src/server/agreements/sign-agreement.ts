import { and, eq, gt, isNull } from 'drizzle-orm';
import { type AgreementParty, signingTexts } from '~/shared/agreements';
import { paths } from '~/shared/routes';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { agreementSignatures, agreements, assignments, companies, oneTimeTokens, users } from '../db/schema';
import { agreementsHoldWork } from '../kernels/agreements/agreement-gate';
import { notify } from '../kernels/notices/notify';
import { activateAssignment } from '../kernels/work/activate-assignment';
import type { Mailer } from '../mail/mailer';
import { agreementCompletedEmail } from '../mail/templates/agreement-completed';
import { agreementToSignEmail } from '../mail/templates/agreement-to-sign';
import { AppError, validationError } from '../platform/errors';
import type { FileStore } from '../platform/file-store';
import { linkStoredFile } from '../platform/link-stored-file';
import { recordAuditEvent } from '../platform/record-audit-event';
import { hashToken } from '../platform/secure-tokens';
import { humanDay, isoDay, todayOf } from '../platform/work-calendar';
import { companyMembersWith } from './agreement-actions';
import type { AgreementViewer } from './agreement-views';
import { findAgreementRow } from './agreement-views';
import { type SealedSignature, sealAgreementPdf } from './seal-agreement-pdf';
import { resolveSealCertificate } from './seal-certificate';
import { isReadableSignaturePng } from './signature-png';
import { requireSignable, signingCodeKey } from './signing-rules';

const PDF_MAX_BYTES = 20 * 1024 * 1024;
const IDENTITY_CHECK = 'Signed in to Tandem, and confirmed by a one-time code emailed to the address above';

export interface SignatureInput {
  kind: 'typed' | 'drawn';
  typed_name?: string;
  drawing?: string;
  code: string;
}

interface Signing {
  db: Database;
  files: FileStore;
  mailer: Mailer;
  config: Pick<Config, 'AGREEMENT_SEAL_P12' | 'AGREEMENT_SEAL_PASSPHRASE' | 'DATA_DIR' | 'NODE_ENV'>;
  publicUrl: string;
  agreementId: string;
  viewer: AgreementViewer;
  party: AgreementParty;
  userId: string;
  input: SignatureInput;
  ipAddress: string;
  userAgent: string;
  now?: Date;
}

const signatureOf = (row: typeof agreementSignatures.$inferSelect): SealedSignature => ({
  party: row.party,
  signerName: row.signerName,
  signerEmail: row.signerEmail,
  signerTitle: row.signerTitle,
  kind: row.kind,
  typedName: row.typedName,
  drawing: row.drawing,
  consentedAt: row.consentedAt,
  identityCheck: row.identityCheck,
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
  signedAt: row.signedAt,
});

// A party signs (decision 056): the talent first, then the company's Owner or an Admin when it countersigns. The
// session says who is signing and the emailed code that it is them. The last signature completes the agreement:
// its PDF is drawn and sealed first (outside the transaction, which then links it), the assignment the agreement
// held back starts if its day has come and nothing else holds it, and both parties are told.
export async function signAgreement({
  db,
  files,
  mailer,
  config,
  publicUrl,
  agreementId,
  viewer,
  party,
  userId,
  input,
  ipAddress,
  userAgent,
  now = new Date(),
}: Signing): Promise<{ message: string; completed: boolean }> {
  const { agreement, companyName } = await findAgreementRow(db, agreementId, viewer);
  requireSignable(agreement, party, now);
  if (input.kind === 'drawn' && !isReadableSignaturePng(input.drawing ?? '')) {
    throw validationError({ drawing: signingTexts.drawingInvalid });
  }
  const [signer] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!signer) throw new AppError('not_found', signingTexts.notFound);
  const signature: SealedSignature = {
    party,
    signerName: signer.name,
    signerEmail: signer.email,
    signerTitle: party === 'company' ? `Signed for ${companyName}` : '',
    kind: input.kind,
    typedName: input.kind === 'typed' ? (input.typed_name ?? signer.name) : null,
    drawing: input.kind === 'drawn' ? (input.drawing ?? null) : null,
    consentedAt: now,
    identityCheck: IDENTITY_CHECK,
    ipAddress,
    userAgent: userAgent.slice(0, 500),
    signedAt: now,
  };
  const completes = party === 'company' || !agreement.countersign;
  const earlier = completes
    ? await db.select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, agreementId))
    : [];
  let sealed: { fileId: string; sha256: string } | null = null;
  if (completes) {
    const certificate = await resolveSealCertificate(config).catch((error: unknown) => {
      throw new AppError('unavailable', 'Signed agreements cannot be sealed right now. Please try again later.', {
        cause: String(error),
      });
    });
    const { pdf, sha256 } = await sealAgreementPdf(
      {
        id: agreement.id,
        title: agreement.title,
        body: agreement.body,
        companyName,
        sentAt: agreement.sentAt,
        signatures: [...earlier.map(signatureOf), signature],
      },
      certificate,
      now,
    );
    const file = await files.write({
      ownerId: agreement.applicantId,
      kind: 'agreement',
      name: `${agreement.title}.pdf`,
      contentType: 'application/pdf',
      content: (async function* () {
        yield pdf;
      })(),
      maxBytes: PDF_MAX_BYTES,
      tooLarge: () => new AppError('internal', 'The signed agreement could not be stored.'),
      empty: () => new AppError('internal', 'The signed agreement could not be stored.'),
    });
    sealed = { fileId: file.id, sha256 };
  }

  const emails: Array<{ to: string; email: ReturnType<typeof agreementCompletedEmail> }> = [];
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(agreements).where(eq(agreements.id, agreementId)).for('update');
      if (!locked) throw new AppError('not_found', signingTexts.notFound);
      // Signed, declined or voided while the PDF was drawn: the rules say so in words.
      requireSignable(locked, party, now);
      const [code] = await tx
        .update(oneTimeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(oneTimeTokens.userId, userId),
            eq(oneTimeTokens.purpose, 'agreement_signature'),
            eq(oneTimeTokens.tokenHash, hashToken(signingCodeKey(userId, agreementId, input.code))),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, now),
          ),
        )
        .returning({ id: oneTimeTokens.id });
      if (!code) throw validationError({ code: signingTexts.codeWrong });
      await tx.insert(agreementSignatures).values({ agreementId, signerId: userId, ...signature });
      await tx
        .update(agreements)
        .set(
          sealed
            ? { status: 'completed', completedAt: now, sealedFileId: sealed.fileId, sealedSha256: sealed.sha256 }
            : { status: 'awaiting_company' },
        )
        .where(eq(agreements.id, agreementId));
      if (
        sealed &&
        !(await linkStoredFile({ tx, fileId: sealed.fileId, ownerId: agreement.applicantId, kind: 'agreement', now }))
      ) {
        throw new Error('The sealed agreement could not be linked.');
      }
      await recordAuditEvent({
        db: tx,
        event: {
          actorId: userId,
          action: party === 'talent' ? 'agreement.signed' : 'agreement.countersigned',
          targetType: 'agreement',
          targetId: agreementId,
          details: { company_id: agreement.companyId, applicant_id: agreement.applicantId, completed: Boolean(sealed) },
          ipAddress,
        },
      });
      const companyLink = paths.companyAgreement.getHref({ id: agreementId });
      const talentLink = paths.applicantAgreement.getHref({ id: agreementId });
      const members = await companyMembersWith(
        tx,
        agreement.companyId,
        sealed ? 'read:agreement:own' : 'update:agreement:own',
      );
      if (sealed) {
        await notify({
          db: tx,
          items: [
            ...members.map((member) => ({
              userId: member.id,
              type: 'assignment_changed' as const,
              title: `${agreement.title} is signed`,
              body: 'Everyone has signed. The sealed PDF is ready to download.',
              link: companyLink,
            })),
            {
              userId: agreement.applicantId,
              type: 'assignment_changed' as const,
              title: `${agreement.title} is signed`,
              body: 'Everyone has signed. The sealed PDF is ready to download.',
              link: talentLink,
            },
          ],
        });
        const [talent] = await tx
          .select({ name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, agreement.applicantId));
        for (const person of [...members, ...(talent ? [talent] : [])]) {
          const url = `${publicUrl}${person === talent ? talentLink : companyLink}`;
          emails.push({
            to: person.email,
            email: agreementCompletedEmail({ name: person.name, title: agreement.title, url }),
          });
        }
        await startHeldAssignment(tx, locked.assignmentId, now);
      } else {
        await notify({
          db: tx,
          items: members.map((member) => ({
            userId: member.id,
            type: 'assignment_changed' as const,
            title: `${signer.name} signed ${agreement.title}`,
            body: 'It is waiting for your countersignature.',
            link: companyLink,
          })),
        });
        for (const member of members) {
          emails.push({
            to: member.email,
            email: agreementToSignEmail({
              name: member.name,
              title: agreement.title,
              from: signer.name,
              expiresOn: humanDay(isoDay(locked.expiresAt)),
              url: `${publicUrl}${companyLink}`,
              reminder: false,
            }),
          });
        }
      }
      for (const { to, email } of emails) await mailer.send(to, email, { transaction: tx });
    });
  } catch (error) {
    if (sealed) await files.discard(sealed.fileId);
    throw error;
  }
  return {
    message: party === 'talent' ? signingTexts.signed : signingTexts.countersigned,
    completed: Boolean(sealed),
  };
}

// The last agreement of an assignment is signed: it starts now if its start date has come (the hourly run
// would otherwise start it within the hour) and nothing else holds it back.
async function startHeldAssignment(tx: Database, assignmentId: string | null, now: Date) {
  if (!assignmentId) return;
  const [assignment] = await tx
    .select()
    .from(assignments)
    .innerJoin(companies, eq(companies.id, assignments.companyId))
    .where(and(eq(assignments.id, assignmentId), eq(assignments.status, 'pending'), eq(companies.status, 'active')))
    .for('update', { of: assignments });
  if (!assignment || assignment.assignments.startDate > todayOf(now)) return;
  if (await agreementsHoldWork(tx, assignmentId)) return;
  await activateAssignment({ tx, assignment: assignment.assignments, actorId: null, now });
}
