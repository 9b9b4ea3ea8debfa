import { excerptOf } from '~/shared/job-board-texts';
import { jobFeedPaths, jobLinkWithSource } from '~/shared/job-reach';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { FEED_PAGE_SIZE, findFeedJobs } from './find-feed-jobs';
import { escapeXml } from './xml-text';

const RSS_FEED_PATH = jobFeedPaths.rss;

// GET /api/public/jobs/feeds/rss.xml: the open public jobs as RSS 2.0 (decision 058: the generic feed any
// reader or aggregator takes), newest first, each link carrying ?source=feed. A full page links the next
// one (RFC 5005's rel="next", in the Atom namespace RSS readers know).
export async function renderRssFeed({
  db,
  publicUrl,
  page,
}: {
  db: Database;
  publicUrl: string;
  page: number;
}): Promise<string> {
  const jobs = await findFeedJobs({ db, page });
  const self = `${publicUrl}${RSS_FEED_PATH}${page > 1 ? `?page=${page}` : ''}`;
  const next = jobs.length === FEED_PAGE_SIZE ? `${publicUrl}${RSS_FEED_PATH}?page=${page + 1}` : null;
  const newest = jobs[0]?.publishedAt ?? new Date();
  const items = jobs.map((job) => {
    const link = jobLinkWithSource(`${publicUrl}${paths.jobPost.getHref({ id: job.id })}`, { source: 'feed' });
    return [
      '<item>',
      `<title>${escapeXml(`${job.title} at ${job.companyName}`)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="false">${escapeXml(`tandem-job-${job.id}`)}</guid>`,
      `<pubDate>${job.publishedAt.toUTCString()}</pubDate>`,
      `<description>${escapeXml(excerptOf(job.description, 500))}</description>`,
      ...job.skillTags.map((tag) => `<category>${escapeXml(tag)}</category>`),
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    '<title>Tandem: remote jobs</title>',
    `<link>${escapeXml(`${publicUrl}${paths.jobBoard.getHref()}`)}</link>`,
    '<description>Open remote jobs on Tandem, newest first.</description>',
    '<language>en</language>',
    `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>`,
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    ...(next ? [`<atom:link href="${escapeXml(next)}" rel="next" type="application/rss+xml"/>`] : []),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
