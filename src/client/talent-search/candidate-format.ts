import type { Candidate } from '~/shared/talent-search';

// How a candidate's figures read on the cards and in the profile.

export const formatRate = (dollars: number) =>
  `${new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
  }).format(dollars)}/hr`;

export const formatHoursBilled = (hours: number) =>
  `${hours.toLocaleString('en-US')} ${hours === 1 ? 'hour' : 'hours'} billed`;

// "Europe/Berlin" reads "Europe/Berlin"; "America/New_York" reads "America/New York".
const formatTimeZone = (zone: string) => zone.replaceAll('_', ' ');

export function placeOf(candidate: Pick<Candidate, 'location' | 'region' | 'timezone'>): string {
  return [candidate.location ?? candidate.region, candidate.timezone ? formatTimeZone(candidate.timezone) : null]
    .filter(Boolean)
    .join(' · ');
}

// "1 candidate", "12 candidates", "About 280,000 candidates" for an estimate.
export const countCandidates = (total: number, isEstimate = false) =>
  `${isEstimate ? 'About ' : ''}${total.toLocaleString('en-US')} ${total === 1 ? 'candidate' : 'candidates'}`;

const compactCount = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
// A facet's count beside a filter: "353", "1,677", and "160K" past ten thousand, where the chips are narrow
// and the figure is an estimate anyway.
export const formatFacetCount = (count: number) =>
  count >= 10_000 ? compactCount.format(count) : count.toLocaleString('en-US');
