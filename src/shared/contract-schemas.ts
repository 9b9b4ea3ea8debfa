import { z } from 'zod';

// Schemas the contracts share. Apart from contract.ts, which the one HTTP client imports: only types there,
// so zod stays out of chunks that call the API without a form.

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');
export const malformedIdMessage = (what: string) => `This link is broken: it does not name ${article(what)} ${what}.`;

// `:id` in a route's path. A malformed id is refused the same way on every route: 400, a sentence.
export const idParams = (what: string) => z.object({ id: z.uuid({ message: malformedIdMessage(what) }) });

// The answer of a 204: the server's serializer wants a schema; the client receives nothing.
export const noContent = z.null();
