import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type AgreementDetail,
  type AgreementList,
  type AgreementParty,
  type AgreementState,
  type AgreementSummary,
  signingTexts,
} from '~/shared/agreements';
import type { Database } from '../db/client';
import { containingPattern } from '../db/like-pattern';
import { agreementSignatures, agreements, applications, companies, jobs, users } from '../db/schema';
import { isExpired } from '../kernels/agreements/agreement-gate';
import { AppError } from '../platform/errors';
import type { FileStore, StoredFileContent } from '../platform/file-store';

// Whose agreements a request reaches: the talent's own, the company's, or (an administrator) every one. Another's
// agreement is a 404, as one that does not exist.
export type AgreementViewer =
  | { kind: 'talent'; userId: string }
  | { kind: 'company'; companyId: string; mayCountersign: boolean }
  | { kind: 'admin' };

export const viewerScope = (viewer: AgreementViewer): SQL | undefined =>
  viewer.kind === 'talent'
    ? eq(agreements.applicantId, viewer.userId)
    : viewer.kind === 'company'
      ? eq(agreements.companyId, viewer.companyId)
      : undefined;

const talents = alias(users, 'talents');

const summaryColumns = {
  agreement: agreements,
  companyName: companies.name,
  talentName: talents.name,
  role: jobs.title,
};

type SummaryRow = {
  agreement: typeof agreements.$inferSelect;
  companyName: string;
  talentName: string;
  role: string | null;
};

const baseQuery = (db: Database) =>
  db
    .select(summaryColumns)
    .from(agreements)
    .innerJoin(companies, eq(companies.id, agreements.companyId))
    .innerJoin(talents, eq(talents.id, agreements.applicantId))
    .leftJoin(applications, eq(applications.id, agreements.applicationId))
    .leftJoin(jobs, eq(jobs.id, applications.jobId));

export const stateOf = (row: { status: AgreementSummary['state']; expiresAt: Date }, now: Date): AgreementState =>
  isExpired(row, now) ? 'expired' : row.status;

function summaryView(row: SummaryRow, now: Date): AgreementSummary {
  const { agreement } = row;
  return {
    id: agreement.id,
    kind: agreement.kind,
    title: agreement.title,
    state: stateOf(agreement, now),
    company_id: agreement.companyId,
    company_name: row.companyName,
    talent_id: agreement.applicantId,
    talent_name: row.talentName,
    role: row.role ?? '',
    application_id: agreement.applicationId,
    assignment_id: agreement.assignmentId,
    countersign: agreement.countersign,
    blocks_work: agreement.blocksWork,
    sent_at: agreement.sentAt.toISOString(),
    expires_at: agreement.expiresAt.toISOString(),
    completed_at: agreement.completedAt?.toISOString() ?? null,
    decline_reason: agreement.declineReason,
    sealed: agreement.sealedFileId !== null,
  };
}

// The party who signs next, if the agreement can still be signed.
export function nextParty(row: { status: string; expiresAt: Date }, now: Date): AgreementParty | null {
  if (isExpired(row, now)) return null;
  if (row.status === 'awaiting_talent') return 'talent';
  if (row.status === 'awaiting_company') return 'company';
  return null;
}

// What each viewer's "To sign" means: the talent's turn, the company's, or anyone's for an administrator.
function stateFilter(state: string, viewer: AgreementViewer, now: Date): SQL | undefined {
  const open = gt(agreements.expiresAt, now);
  switch (state) {
    case 'to_sign':
      return viewer.kind === 'talent'
        ? and(eq(agreements.status, 'awaiting_talent'), open)
        : viewer.kind === 'company'
          ? and(eq(agreements.status, 'awaiting_company'), open)
          : and(inArray(agreements.status, ['awaiting_talent', 'awaiting_company']), open);
    case 'waiting':
      return and(inArray(agreements.status, ['awaiting_talent', 'awaiting_company']), open);
    case 'signed':
      return eq(agreements.status, 'completed');
    case 'closed':
      return or(
        inArray(agreements.status, ['declined', 'voided']),
        and(inArray(agreements.status, ['awaiting_talent', 'awaiting_company']), lte(agreements.expiresAt, now)),
      );
    default:
      return undefined;
  }
}

export async function findAgreements({
  db,
  viewer,
  query,
  now = new Date(),
}: {
  db: Database;
  viewer: AgreementViewer;
  query: { state: string; search?: string; page: number; page_size: number };
  now?: Date;
}): Promise<AgreementList> {
  const search = query.search
    ? or(
        ilike(agreements.title, containingPattern(query.search)),
        ilike(talents.name, containingPattern(query.search)),
        ilike(companies.name, containingPattern(query.search)),
      )
    : undefined;
  const where = and(viewerScope(viewer), stateFilter(query.state, viewer, now), search);
  const [rows, [counted]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(desc(agreements.sentAt), asc(agreements.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: count() })
      .from(agreements)
      .innerJoin(companies, eq(companies.id, agreements.companyId))
      .innerJoin(talents, eq(talents.id, agreements.applicantId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => summaryView(row, now)),
    total: counted?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function findAgreementRow(db: Database, id: string, viewer: AgreementViewer) {
  const [row] = await baseQuery(db).where(and(eq(agreements.id, id), viewerScope(viewer)));
  if (!row) throw new AppError('not_found', signingTexts.notFound);
  return row;
}

export async function loadAgreementDetail({
  db,
  id,
  viewer,
  now = new Date(),
}: {
  db: Database;
  id: string;
  viewer: AgreementViewer;
  now?: Date;
}): Promise<AgreementDetail> {
  const row = await findAgreementRow(db, id, viewer);
  const signatures = await db
    .select()
    .from(agreementSignatures)
    .where(eq(agreementSignatures.agreementId, id))
    .orderBy(asc(agreementSignatures.signedAt));
  const next = nextParty(row.agreement, now);
  return {
    ...summaryView(row, now),
    body: row.agreement.body,
    template_version: row.agreement.templateVersion,
    from_template: row.agreement.templateId ? 'company' : 'tandem',
    sealed_sha256: row.agreement.sealedSha256,
    signatures: signatures.map((signature) => ({
      party: signature.party,
      signer_name: signature.signerName,
      kind: signature.kind,
      typed_name: signature.typedName,
      drawing: signature.drawing,
      signed_at: signature.signedAt.toISOString(),
      identity_check: signature.identityCheck,
    })),
    can_sign:
      (viewer.kind === 'talent' && next === 'talent') ||
      (viewer.kind === 'company' && viewer.mayCountersign && next === 'company'),
  };
}

// The sealed PDF of a signed agreement, for whoever may read the agreement.
export async function readAgreementPdf({
  db,
  files,
  id,
  viewer,
}: {
  db: Database;
  files: FileStore;
  id: string;
  viewer: AgreementViewer;
}): Promise<StoredFileContent & { name: string }> {
  const { agreement } = await findAgreementRow(db, id, viewer);
  const file = agreement.sealedFileId ? await files.read(agreement.sealedFileId) : null;
  if (!file) throw new AppError('not_found', signingTexts.notSealed);
  return { ...file, name: `${agreement.title} (signed).pdf` };
}
