import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  type DisputeDetail,
  type DisputeList,
  type DisputeStatus,
  type DisputeSummary,
  milestoneTexts,
} from '~/shared/milestones';
import type { Database } from '../db/client';
import { assignments, auditLogs, companies, conversations, messages, milestones, users } from '../db/schema';
import { fundedChargeOf } from '../kernels/payments/milestone-charge';
import { AppError } from '../platform/errors';
import { loadContract } from './contract-views';

type MilestoneRow = typeof milestones.$inferSelect;

// What an administrator reads of disputed fixed-price milestones (decision 035): the Disputes list, and one
// dispute with what they weigh — its contract, the milestone's history, files and the conversation.

const openedBy = sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${milestones.disputedBy})`;
const talentName = sql<string>`(select ${users.name} from ${users} where ${users.id} = ${assignments.applicantId})`;

const summaryColumns = {
  milestone: milestones,
  role: assignments.role,
  companyName: companies.name,
  applicantName: talentName,
  openedByName: openedBy,
};

function summaryOf(row: {
  milestone: MilestoneRow;
  role: string;
  companyName: string;
  applicantName: string;
  openedByName: string | null;
}): DisputeSummary {
  const { milestone } = row;
  return {
    id: milestone.id,
    contract_id: milestone.assignmentId,
    milestone_title: milestone.title,
    role: row.role,
    company_name: row.companyName,
    applicant_name: row.applicantName,
    funded_cents: milestone.fundedCents,
    reason: milestone.disputeReason ?? '',
    opened_by: milestone.disputedBySide ?? 'company',
    opened_by_name: row.openedByName,
    opened_at: milestone.disputedAt?.toISOString() ?? '',
    status: milestone.status === 'disputed' ? 'open' : 'settled',
    settled_at: milestone.settledAt?.toISOString() ?? null,
    released_cents: milestone.releasedCents,
    refunded_cents: milestone.refundedCents,
  };
}

const disputedRows = (db: Database) =>
  db
    .select(summaryColumns)
    .from(milestones)
    .innerJoin(assignments, eq(assignments.id, milestones.assignmentId))
    .innerJoin(companies, eq(companies.id, assignments.companyId));

// The Disputes list: open ones oldest first (the longest wait on top), settled ones newest first.
export async function findDisputes({
  db,
  status,
  page,
  pageSize,
}: {
  db: Database;
  status: DisputeStatus;
  page: number;
  pageSize: number;
}): Promise<DisputeList> {
  const where = and(
    isNotNull(milestones.disputedAt),
    eq(milestones.status, status === 'open' ? 'disputed' : 'settled'),
  );
  const [rows, [counted]] = await Promise.all([
    disputedRows(db)
      .where(where)
      .orderBy(status === 'open' ? asc(milestones.disputedAt) : desc(milestones.settledAt), asc(milestones.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(milestones).where(where),
  ]);
  return { items: rows.map(summaryOf), total: counted?.total ?? 0, page, page_size: pageSize };
}

// Messages an administrator reads at most, the latest.
const DISPUTE_MESSAGES_MAX = 200;

// One dispute with what an administrator weighs.
export async function getDispute({ db, milestoneId }: { db: Database; milestoneId: string }): Promise<DisputeDetail> {
  const [row] = await disputedRows(db).where(and(eq(milestones.id, milestoneId), isNotNull(milestones.disputedAt)));
  if (!row) throw new AppError('not_found', milestoneTexts.disputeNotFound);
  const [contract] = await db
    .select({ companyId: assignments.companyId, applicantId: assignments.applicantId })
    .from(assignments)
    .where(eq(assignments.id, row.milestone.assignmentId));
  const [view, history, conversation] = await Promise.all([
    loadContract({ db, id: row.milestone.assignmentId, reader: { kind: 'admin' } }),
    db
      .select({ action: auditLogs.action, actorName: users.name, at: auditLogs.createdAt, details: auditLogs.details })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(and(eq(auditLogs.targetType, 'milestone'), eq(auditLogs.targetId, milestoneId)))
      .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id)),
    contract
      ? db
          .select({ id: conversations.id })
          .from(conversations)
          .where(
            and(
              eq(conversations.kind, 'direct'),
              eq(conversations.companyId, contract.companyId),
              eq(conversations.userId, contract.applicantId),
            ),
          )
      : Promise.resolve([]),
  ]);
  const conversationIds = conversation.map((found) => found.id);
  const thread =
    conversationIds.length === 0
      ? []
      : await db
          .select({ id: messages.id, senderName: users.name, body: messages.body, sentAt: messages.createdAt })
          .from(messages)
          .leftJoin(users, eq(users.id, messages.senderId))
          .where(inArray(messages.conversationId, conversationIds))
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(DISPUTE_MESSAGES_MAX);
  return {
    dispute: summaryOf(row),
    contract: view,
    charge: fundedChargeOf(row.milestone),
    history: history.map((entry) => ({
      action: entry.action,
      actor_name: entry.actorName,
      at: entry.at.toISOString(),
      details: (entry.details ?? {}) as Record<string, unknown>,
    })),
    messages: thread.reverse().map((message) => ({
      id: message.id,
      sender_name: message.senderName,
      body: message.body,
      sent_at: message.sentAt.toISOString(),
    })),
    settlement_note: row.milestone.settlementNote,
  };
}
