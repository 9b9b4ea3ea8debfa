import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { companyMembers } from '../db/schema';
import { buildJob } from '../seed/job-factories';
import { signedInAccount } from './auth-helpers';
import type { TestApp } from './test-app';

// Shared by the job-board API tests: a company with its id, and jobs whose text carries a word no other
// test uses, so that searches on one database see only their own test's jobs.

export type Account = Awaited<ReturnType<typeof signedInAccount>>;
export type JobOverrides = Omit<Parameters<typeof buildJob>[1], 'companyId'>;

// Letters only: the English text-search configuration keeps such a word as it is.
export function uniqueWord(): string {
  return `zq${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
}

export async function companyAccount(testApp: TestApp, companyName?: string) {
  const account = await signedInAccount(testApp, { role: 'company', companyName });
  const [membership] = await testApp.database.db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, account.user.id));
  if (!membership) throw new Error('The company was not created.');
  return { ...account, companyId: membership.companyId };
}

export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

// A job of this company, published `days` ago, whose description carries `word`.
export function jobWith(testApp: TestApp, companyId: string, word: string, overrides: JobOverrides = {}) {
  const publishedDaysAgo = 1;
  return buildJob(testApp.database.db, {
    companyId,
    description: `Join our remote team. ${word}`,
    createdAt: daysAgo(publishedDaysAgo),
    ...overrides,
  });
}
