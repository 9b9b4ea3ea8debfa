import { applicationSourceLabels } from '~/shared/job-reach';
import type { HiringAnalytics } from '~/shared/jobs';

const percent = (value: number | null) => (value == null ? '—' : `${(value * 100).toFixed(1)}%`);

// The Analytics tab's figures as label and text, shared by its CSV and PDF exports.
export function describeHiringMetrics(analytics: HiringAnalytics): Array<[string, string]> {
  return [
    ['Applications', String(analytics.applications)],
    ['Hires', String(analytics.hires)],
    ['Conversion rate (hires ÷ applications)', percent(analytics.conversion_rate)],
    ['Offers made', String(analytics.offers)],
    ['Offers accepted', String(analytics.offers_accepted)],
    ['Offers awaiting an answer', String(analytics.offers_open)],
    ['Offer acceptance rate (accepted ÷ answered offers)', percent(analytics.offer_acceptance_rate)],
    ['Average time-to-hire', analytics.avg_time_to_hire_days == null ? '—' : `${analytics.avg_time_to_hire_days} days`],
  ];
}

// Where the applications came from, as label and text: "Applications from Indeed", "Hires from Indeed"...
export function describeHiringSources(analytics: HiringAnalytics): Array<[string, string]> {
  return analytics.by_source.flatMap(({ source, applications, hires }) => [
    [`Applications from ${applicationSourceLabels[source]}`, String(applications)],
    [`Hires from ${applicationSourceLabels[source]}`, String(hires)],
  ]) as Array<[string, string]>;
}
