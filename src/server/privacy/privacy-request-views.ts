import type { PrivacyRequest } from '~/shared/privacy';
import type { privacyRequests } from '../db/schema';

type PrivacyRequestRow = typeof privacyRequests.$inferSelect;

export function toPrivacyRequest(row: PrivacyRequestRow, now = new Date()): PrivacyRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    due_at: row.dueAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    is_overdue: row.status === 'pending' && row.dueAt.getTime() < now.getTime(),
  };
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
// Dates in emails: the recipient's zone is unknown, so the day in UTC, said so.
export const emailDay = (date: Date) => `${dayFormat.format(date)} (UTC)`;
