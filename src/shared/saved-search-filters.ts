// How a saved search's filters read (one line) and open Find Jobs, apart from saved-searches.ts's schemas,
// with no zod: Find Jobs and Saved Searches show them without loading zod (decision 037). saved-searches.ts
// re-exports them.

// Filters as a saved search shows them (null when absent) or as Save Search sends them (left out).
interface FiltersLike {
  q?: string | null;
  engagement_type?: string | null;
  rate_min?: number | null;
  rate_max?: number | null;
  skills?: string[];
  timezone?: string | null;
  sort?: string;
}

// The saved filters as Find Jobs' address reads them (client/job-board/find-jobs-search.ts), so that a saved
// search opens on the same screen it was saved from.
export function findJobsQueryStringOf(filters: FiltersLike): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.engagement_type) params.set('engagement_type', filters.engagement_type);
  if (filters.rate_min != null) params.set('rate_min', String(filters.rate_min));
  if (filters.rate_max != null) params.set('rate_max', String(filters.rate_max));
  if (filters.skills?.length) params.set('skills', filters.skills.join(','));
  if (filters.timezone) params.set('timezone', filters.timezone);
  if (filters.sort && filters.sort !== 'newest') params.set('sort', filters.sort);
  const query = params.toString();
  return query ? `?${query}` : '';
}

// One line saying what the search looks for: 'react · Hourly · $40–80 · React, AWS · UTC+01:00'.
export function describeFilters(filters: FiltersLike): string {
  const parts: string[] = [];
  if (filters.q) parts.push(`“${filters.q}”`);
  if (filters.engagement_type) parts.push(filters.engagement_type === 'fixed' ? 'Fixed price' : 'Hourly');
  if (filters.rate_min != null && filters.rate_max != null) parts.push(`$${filters.rate_min}–${filters.rate_max}`);
  else if (filters.rate_min != null) parts.push(`From $${filters.rate_min}`);
  else if (filters.rate_max != null) parts.push(`Up to $${filters.rate_max}`);
  if (filters.skills?.length) parts.push(filters.skills.join(', '));
  if (filters.timezone) parts.push(filters.timezone);
  return parts.length > 0 ? parts.join(' · ') : 'All open jobs';
}
