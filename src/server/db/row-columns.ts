import { z } from 'zod';

// Columns of raw rows as the two drivers answer them, each read as one type (db/select-rows.ts).

// A whole number of cents or a count: node-postgres answers a bigint (a sum) as a string, PGlite as a number;
// either must be an exact integer, or the figure would be wrong.
export const integerColumn = z.union([z.number(), z.string(), z.bigint()]).transform((value, context) => {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) {
    context.addIssue({ code: 'custom', message: `${String(value)} is not an exact integer` });
    return z.NEVER;
  }
  return number;
});

// A moment: a Date from both drivers for timestamptz, an ISO string where a query casts or aggregates it.
export const momentColumn = z.union([z.date(), z.string()]).transform((value) => new Date(value));

export const uuidColumn = z.string();

// A row that is its id alone: what `returning id` and most existence queries answer.
export const idRow = z.object({ id: z.string() });

// A count(*) as total: what a paginated list's second query answers.
export const totalRow = z.object({ total: integerColumn });
