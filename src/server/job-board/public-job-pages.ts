import { and, desc, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import {
  excerptOf,
  type JobBoardPageData,
  jobBoardQuerySchema,
  jobBoardSearchKey,
  jobBoardTexts,
  jobPostingStructuredData,
  scriptSafeJson,
} from '~/shared/job-board';
import { jobFeedPaths, todayInUtc } from '~/shared/job-reach';
import { pageTitle, sharingTags } from '~/shared/page-meta';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { companies, jobs } from '../db/schema';
import { publiclyListed } from '../kernels/hiring/job-visibility';
import { escapeMarkup, type PageAnswer, type SitemapEntry } from '../platform/web-client';
import { findPublicJobListings } from './find-public-job-listings';
import { findPublicJob } from './get-public-job';

// What the server adds to the public site for search engines and link previews: the status, head tags,
// JobPosting data and rendered content of /jobs/:id and /jobs (so a crawler reads them without running
// JavaScript), and every open public job in sitemap.xml.

// The script element's id: the page removes it when the visitor moves on to another page.
export const JOB_POSTING_DATA_ID = 'job-posting-data';
// Marks the other tags the server adds, which the page replaces with its own once it has loaded the job.
const SERVER_HEAD_ATTRIBUTE = 'data-server-head';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

// What /jobs/:id answers, for crawlers and link previews that run no script: an open public job with its
// title, description, canonical address, sharing tags (shared/page-meta.ts, as the page renders them) and
// JobPosting data; a job that was public and has ended (closed or archived) is gone for good (410); anything
// else names no page (404): no such job, a draft, a private or paused one, or an id that is not one.
export async function publicJobPage({
  db,
  publicUrl,
  id,
}: {
  db: Database;
  publicUrl: string;
  id: string | undefined;
}): Promise<PageAnswer> {
  if (!id || !isUuid(id)) return { status: 404 };
  const job = await findPublicJob({ db, id });
  if (!job) {
    const [ended] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.id, id),
          eq(jobs.visibility, 'public'),
          // Closed or archived, or past its closing date before the nightly sweep closes it.
          or(inArray(jobs.status, ['closed', 'archived']), lt(jobs.closesOn, todayInUtc())),
          isNotNull(jobs.publishedAt),
        ),
      );
    return { status: ended ? 410 : 404 };
  }
  const title = `${job.title} at ${job.company_name}`;
  const tags = [
    ...headTags({
      title,
      description: excerptOf(job.description, 155),
      url: `${publicUrl}${paths.jobPost.getHref({ id: job.id })}`,
      publicUrl,
    }),
    `<script type="application/ld+json" id="${JOB_POSTING_DATA_ID}">${scriptSafeJson(jobPostingStructuredData(job, publicUrl))}</script>`,
  ];
  return { status: 200, head: tags.join(''), data: job };
}

// What /jobs answers: the first page of the search its address names, rendered into the HTML, with its
// title, description, sharing tags and a canonical address (the board without its search, so that search
// engines keep one page). An address whose search the API would refuse is left to the browser.
export async function jobBoardPage({
  db,
  publicUrl,
  query,
}: {
  db: Database;
  publicUrl: string;
  query: URLSearchParams;
}): Promise<PageAnswer> {
  const head = [
    ...headTags({
      title: paths.jobBoard.title,
      description: jobBoardTexts.boardDescription,
      url: `${publicUrl}${paths.jobBoard.getHref()}`,
      publicUrl,
    }),
    // Feed readers find the board's feed from its page (decision 058).
    `<link ${SERVER_HEAD_ATTRIBUTE}="" rel="alternate" type="application/rss+xml" title="Tandem: remote jobs" href="${escapeMarkup(`${publicUrl}${jobFeedPaths.rss}`)}">`,
  ].join('');
  const parsed = jobBoardQuerySchema.safeParse(Object.fromEntries(query));
  if (!parsed.success) return { status: 200, head };
  const data: JobBoardPageData = {
    search: jobBoardSearchKey(parsed.data),
    list: await findPublicJobListings({ db, query: parsed.data }),
  };
  return { status: 200, head, data };
}

// The head tags the page itself renders (components/page-meta.tsx), marked so that the page replaces them.
function headTags({
  title,
  description,
  url,
  publicUrl,
}: {
  title: string;
  description: string;
  url: string;
  publicUrl: string;
}): string[] {
  const marker = `${SERVER_HEAD_ATTRIBUTE}=""`;
  return [
    `<title ${marker}>${escapeMarkup(pageTitle(title))}</title>`,
    `<meta ${marker} name="description" content="${escapeMarkup(description)}">`,
    `<link ${marker} rel="canonical" href="${escapeMarkup(url)}">`,
    ...sharingTags({ title, description, url, publicUrl }).map((tag) =>
      'property' in tag
        ? `<meta ${marker} property="${tag.property}" content="${escapeMarkup(tag.content)}">`
        : `<meta ${marker} name="${tag.name}" content="${escapeMarkup(tag.content)}">`,
    ),
  ];
}

// A sitemap holds at most 50,000 addresses; the built pages take a few dozen of them.
const SITEMAP_JOB_LIMIT = 45_000;
// The open public jobs' pages for sitemap.xml, newest first, read at most once per cacheMs (SITEMAP_CACHE_SECONDS):
// search engines read a sitemap now and then, so it may be that old.
export function createPublicJobSitemap({
  db,
  publicUrl,
  cacheMs,
  clock = () => Date.now(),
}: {
  db: Database;
  publicUrl: string;
  cacheMs: number;
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
