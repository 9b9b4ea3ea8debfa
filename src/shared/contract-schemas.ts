import { z } from 'zod';

// Schemas the contracts share. Apart from contract.ts, which the one HTTP client imports: only types there,
// so zod stays out of chunks that call the API without a form.

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');
export const malformedIdMessage = (what: string) => `This link is broken: it does not name ${article(what)} ${what}.`;

// `:id` in a route's path. A malformed id is refused the same way on every route: 400, a sentence.
export const idParams = (what: string) => z.object({ id: z.uuid({ message: malformedIdMessage(what) }) });

// The answer of a 204: the server's serializer wants a schema; the client receives nothing.
export const noContent = z.null();

// Links the client follows inside the app (pages, notifications, lists) are paths on this site, such as
// '/meet/…': an absolute address built from PUBLIC_URL would leave the host the person is on (another name
// for the site, a proxy, a preview). Only addresses read outside the site are absolute: emails, .ics files,
// and a calendar feed's address, which a calendar app fetches.
export const appPath = (what: string) => z.string().describe(`${what}: a path on this site (no scheme or host)`);
export const absoluteUrl = (what: string) =>
  z.string().describe(`${what}: an absolute URL on the site's public address, for use outside the site`);

// A keyset page's position (opaque to clients, server/platform/keyset-cursor.ts) and size: every list an API
// client pages through by a cursor takes these.
export const keysetCursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'This page link is broken. Go back to the first page.' });

export const keysetPageSize = z.coerce
  .number({ message: 'The page size must be a whole number.' })
  .int({ message: 'The page size must be a whole number.' })
  .min(1, { message: 'The page size must be between 1 and 100.' })
  .max(100, { message: 'The page size must be between 1 and 100.' })
  .default(25);
