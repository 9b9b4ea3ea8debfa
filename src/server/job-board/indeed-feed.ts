import { isRegionCode, jobLinkWithSource } from '~/shared/job-reach';
import { formatJobBudget } from '~/shared/job-texts';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { type FeedJob, findFeedJobs } from './find-feed-jobs';
import { cdata, paragraphsOf } from './xml-text';

// The elements Indeed's XML feed reference marks Required for each <job>
// (https://docs.indeed.com/indeed-apply/xml-feed, "Job feed elements"; decision 058). Every job carries each
// of them; where Tandem has no value (a remote job has no city or postal code, and applications are taken on
// Tandem, not by email) the element is present and empty, as Indeed's reference allows for remote jobs.
export const indeedRequiredJobElements = [
  'title',
  'date',
  'referencenumber',
  'requisitionid',
  'url',
  'company',
  'sourcename',
  'city',
  'state',
  'country',
  'postalcode',
  'email',
  'description',
] as const;

const element = (name: string, value: string) => `<${name}>${cdata(value)}</${name}>`;

// Where the job's applicants may live, as Indeed's location fields: the first country or region it names
// (a region gives its country and state), none for a job open to every country.
function locationOf(job: FeedJob): { state: string; country: string } {
  const first = job.applicantLocations[0];
  if (!first) return { state: '', country: '' };
  return isRegionCode(first) ? { country: first.slice(0, 2), state: first.slice(3) } : { country: first, state: '' };
}

function jobXml(job: FeedJob, publicUrl: string): string {
  const { state, country } = locationOf(job);
  const url = jobLinkWithSource(`${publicUrl}${paths.jobPost.getHref({ id: job.id })}`, { source: 'indeed' });
  const budget = formatJobBudget({
    engagement_type: job.engagementType,
    budget_min: job.budget_min,
    budget_max: job.budget_max,
    budget_total: job.budget_total,
    currency: job.currency,
  });
  const fields: Array<[string, string]> = [
    ['title', job.title],
    ['date', job.publishedAt.toISOString()],
    ['referencenumber', job.id],
    ['requisitionid', job.id],
    ['url', url],
    ['company', job.companyName],
    ['sourcename', job.companyName],
    ['city', ''],
    ['state', state],
    ['country', country],
    ['postalcode', ''],
    ['email', ''],
    ['description', paragraphsOf(job.description)],
    ['salary', budget === '—' ? '' : budget],
    // Every Tandem engagement is a contract; the weekly hours say whether it is a full week.
    ['jobtype', `contract, ${job.weeklyHours >= 35 ? 'fulltime' : 'parttime'}`],
    ['remotetype', 'Fully remote'],
    ['expirationdate', job.closesOn ?? ''],
  ];
  return `<job>${fields.map(([name, value]) => element(name, value)).join('')}</job>`;
}

// GET /api/public/jobs/feeds/indeed.xml: the open public jobs in Indeed's XML feed format, each job's url
// carrying ?source=indeed so an application through it says so. One page of FEED_PAGE_SIZE jobs.
export async function renderIndeedFeed({
  db,
  publicUrl,
  page,
}: {
  db: Database;
  publicUrl: string;
  page: number;
}): Promise<string> {
  const jobs = await findFeedJobs({ db, page });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<source>',
    '<publisher>Tandem</publisher>',
    `<publisherurl>${cdata(publicUrl)}</publisherurl>`,
    ...jobs.map((job) => jobXml(job, publicUrl)),
    '</source>',
    '',
  ].join('\n');
}
