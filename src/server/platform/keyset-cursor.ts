import { type AnyColumn, sql } from 'drizzle-orm';
import { AppError } from './errors';

// A position in a list paged by (created_at, id), newest first: opaque to clients (base64url). Every list an
// API client pages through uses it, so a page link is checked, and broken, the same way everywhere.

export interface KeysetPosition {
  // created_at to the microsecond, as exactMomentOf writes it.
  createdAt: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXACT_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const BROKEN_CURSOR = 'This page link is broken. Go back to the first page.';

// A timestamp to the microsecond, as text: a JavaScript Date keeps milliseconds, which would skip or repeat
// rows written within the same millisecond at a page's edge.
export const exactMomentOf = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodeKeysetCursor = (position: KeysetPosition) =>
  Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url');

export function decodeKeysetCursor(cursor: string): KeysetPosition {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  // As exactMomentOf writes it, and a real moment (2026-02-30 is not).
  const isMoment =
    createdAt !== undefined &&
    EXACT_MOMENT.test(createdAt) &&
    !Number.isNaN(Date.parse(createdAt)) &&
    new Date(createdAt).toISOString().slice(0, 19) === createdAt.slice(0, 19);
  if (!isMoment || !id || !UUID.test(id)) throw new AppError('validation', BROKEN_CURSOR);
  return { createdAt, id };
}
