import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { jobPostingStructuredData, scriptSafeJson } from '~/shared/job-board';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { companies, jobs } from '../db/schema';
import { publiclyListed } from '../platform/job-visibility';
import type { SitemapEntry } from '../platform/web-client';
import { findPublicJob } from './get-public-job';

// What the server adds to the public site for search engines: the JobPosting data in the HTML of
// /jobs/:id (so a crawler sees it without running JavaScript) and every open public job in sitemap.xml.

// The script element's id: the page removes it when the visitor moves on to another page.
export const JOB_POSTING_DATA_ID = 'job-posting-data';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

// The <head> addition of /jobs/:id: the job's JobPosting, or nothing for a job that is not open and public.
export async function publicJobHead({
  db,
  publicUrl,
  id,
}: {
  db: Database;
  publicUrl: string;
  id: string | undefined;
}): Promise<string | null> {
  if (!id || !isUuid(id)) return null;
  const job = await findPublicJob({ db, id });
  if (!job) return null;
  return `<script type="application/ld+json" id="${JOB_POSTING_DATA_ID}">${scriptSafeJson(jobPostingStructuredData(job, publicUrl))}</script>`;
}

// A sitemap holds at most 50,000 addresses; the built pages take a few dozen of them.
const SITEMAP_JOB_LIMIT = 45_000;
// Search engines read a sitemap now and then: it may be this old, and the database is asked once per period.
const SITEMAP_CACHE_MS = 5 * 60 * 1000;

// The open public jobs' pages for sitemap.xml, newest first, read at most once per SITEMAP_CACHE_MS.
export function createPublicJobSitemap({
  db,
  publicUrl,
  cacheMs = SITEMAP_CACHE_MS,
  clock = () => Date.now(),
}: {
  db: Database;
  publicUrl: string;
  cacheMs?: number;
  clock?: () => number;
}): () => Promise<SitemapEntry[]> {
  let cached: { at: number; entries: Promise<SitemapEntry[]> } | null = null;
  const load = async () => {
    const rows = await db
      .select({ id: jobs.id, updatedAt: jobs.updatedAt })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(publiclyListed)
      .orderBy(desc(jobs.publishedAt), desc(jobs.id))
      .limit(SITEMAP_JOB_LIMIT);
    return rows.map((row) => ({
      url: `${publicUrl}${paths.jobPost.getHref({ id: row.id })}`,
      lastModified: row.updatedAt.toISOString(),
    }));
  };
  return () => {
    const now = clock();
    if (!cached || now - cached.at >= cacheMs) {
      const entries = load();
      cached = { at: now, entries };
      // A failed read is not kept: the next request asks again.
      entries.catch(() => {
        if (cached?.entries === entries) cached = null;
      });
    }
    return cached.entries;
  };
}
