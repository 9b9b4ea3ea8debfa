import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ratingTenthsOf } from '~/shared/reviews';
import type { Database } from '../../db/client';
import { companies, reviews } from '../../db/schema';

export async function recomputeCompanyRatings({
  db,
  companyIds,
}: {
  db: Database;
  companyIds: readonly string[];
}): Promise<void> {
  const ids = [...new Set(companyIds)];
  if (ids.length === 0) return;
  const figures = await db
    .select({
      companyId: reviews.companyId,
      average: sql<string>`avg(${reviews.rating})`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(
      and(
        inArray(reviews.companyId, ids),
        eq(reviews.side, 'talent_of_company'),
        sql`${reviews.revealedAt} is not null`,
        isNull(reviews.hiddenAt),
      ),
    )
    .groupBy(reviews.companyId);
  const byId = new Map(figures.map((figure) => [figure.companyId, figure]));
  for (const companyId of ids) {
    const figure = byId.get(companyId);
    await db
      .update(companies)
      .set({
        ratingTenths: figure ? ratingTenthsOf(Number(figure.average)) : null,
        reviewCount: figure?.count ?? 0,
      })
      .where(eq(companies.id, companyId));
  }
}
