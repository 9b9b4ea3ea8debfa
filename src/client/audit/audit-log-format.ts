import { format } from 'date-fns';
import { type AuditLogEntry, auditChange } from '~/shared/audit-logs';

// How an audit row reads on screen.

// "Nov 24, 2026, 14:05:09" in the reader's time zone.
export const formatAuditTime = (value: string) => format(new Date(value), 'MMM d, yyyy, HH:mm:ss');

const plain = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

const SUMMARY_LENGTH = 80;
const shorten = (text: string) => (text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text);

// One line for the table: what changed ("status: active → suspended"), else the first details.
export function summarizeDetails(details: Record<string, unknown>): string {
  const change = auditChange(details);
  if (change) {
    const before = (change.before ?? {}) as Record<string, unknown>;
    const after = (change.after ?? {}) as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    if (typeof change.before !== 'object' || typeof change.after !== 'object' || keys.length === 0) {
      return shorten(`${plain(change.before)} → ${plain(change.after)}`);
    }
    return shorten(keys.map((key) => `${key}: ${plain(before[key])} → ${plain(after[key])}`).join('; '));
  }
  const entries = Object.entries(details);
  if (entries.length === 0) return '—';
  return shorten(entries.map(([key, value]) => `${key}: ${plain(value)}`).join('; '));
}

// "company 3f2a…9c1d": the kind of thing acted on and its id.
export function describeTarget(entry: Pick<AuditLogEntry, 'target_type' | 'target_id'>): string {
  if (!entry.target_type && !entry.target_id) return '—';
  return [entry.target_type, entry.target_id].filter(Boolean).join(' ');
}

// Who acted: the member's name and the address the row kept ("Ada Lovelace (ada@acme.test)").
export function actorOf(entry: Pick<AuditLogEntry, 'actor_name' | 'actor_email' | 'actor_kind'>): string {
  if (entry.actor_kind === 'system') return 'System';
  if (entry.actor_name && entry.actor_email) return `${entry.actor_name} (${entry.actor_email})`;
  return entry.actor_email ?? entry.actor_name ?? 'Unknown user';
}
