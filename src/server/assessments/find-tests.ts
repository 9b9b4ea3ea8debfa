import type { TestList, TestSort, TestType } from '~/shared/assessments';
import type { Database } from '../db/client';
import { loadTestSummaries } from './load-test-summaries';

// The Tests tab and the job form's Required Tests dialog (active_only): the company's tests, filtered,
// sorted and a page at a time.
export async function findTests({
  db,
  companyId,
  userId,
  q,
  activeOnly,
  type,
  favoritesOnly,
  includeArchived,
  sort,
  page,
  pageSize,
}: {
  db: Database;
  companyId: string;
  userId: string;
  q?: string;
  activeOnly: boolean;
  type?: TestType;
  favoritesOnly: boolean;
  includeArchived: boolean;
  sort: TestSort;
  page: number;
  pageSize: number;
}): Promise<TestList> {
  const { items, total } = await loadTestSummaries({
    db,
    companyId,
    userId,
    filters: { q, activeOnly, type, favoritesOnly, includeArchived },
    sort,
    page,
    pageSize,
  });
  return { items, total, page, page_size: pageSize };
}
