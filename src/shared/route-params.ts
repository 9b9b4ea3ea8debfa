import { z } from 'zod';

// Path parameters the contracts share (decision 008: one answer for a malformed id).

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');
export const malformedIdMessage = (what: string) => `This link is broken: it does not name ${article(what)} ${what}.`;

// `:id` in a route's path. A malformed id is refused the same way on every route: 400, a sentence.
export const idParams = (what: string) => z.object({ id: z.uuid({ message: malformedIdMessage(what) }) });
