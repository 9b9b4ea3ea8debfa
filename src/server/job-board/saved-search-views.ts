import { paths } from '~/shared/routes';
import {
  type AlertFrequency,
  findJobsQueryStringOf,
  type SavedSearch,
  type SavedSearchFilters,
} from '~/shared/saved-searches';
import { savedSearches } from '../db/schema';
import type { JobBoardFilters } from './search-conditions';

const DAY_MS = 24 * 60 * 60 * 1000;

// How long after one alert (or the saving) the next is due; null: the search is not emailed.
export function nextAlertAfter(frequency: AlertFrequency, moment: Date): Date | null {
  if (frequency === 'none') return null;
  return new Date(moment.getTime() + (frequency === 'daily' ? DAY_MS : 7 * DAY_MS));
}

export const savedSearchColumns = {
  id: savedSearches.id,
  name: savedSearches.name,
  filters: savedSearches.filters,
  frequency: savedSearches.frequency,
  lastAlertedAt: savedSearches.lastAlertedAt,
  nextAlertAt: savedSearches.nextAlertAt,
  createdAt: savedSearches.createdAt,
  updatedAt: savedSearches.updatedAt,
};

type SavedSearchRow = Pick<
  typeof savedSearches.$inferSelect,
  'id' | 'name' | 'filters' | 'frequency' | 'lastAlertedAt' | 'nextAlertAt' | 'createdAt' | 'updatedAt'
>;

// The stored filters with every field present (JSON leaves out what was not given).
export function filtersView(filters: SavedSearchFilters): SavedSearch['filters'] {
  return {
    q: filters.q || null,
    engagement_type: filters.engagement_type ?? null,
    rate_min: filters.rate_min ?? null,
    rate_max: filters.rate_max ?? null,
    skills: filters.skills ?? [],
    timezone: filters.timezone ?? null,
    sort: filters.sort ?? 'newest',
  };
}

// The saved filters as Find Jobs' search reads them, for the alert's query.
export function boardFiltersOf(filters: SavedSearchFilters, pageSize: number): JobBoardFilters {
  return {
    q: filters.q || undefined,
    engagement_type: filters.engagement_type,
    rate_min: filters.rate_min ?? undefined,
    rate_max: filters.rate_max ?? undefined,
    skills: filters.skills ?? [],
    timezone: filters.timezone,
    sort: filters.sort ?? 'newest',
    page: 1,
    page_size: pageSize,
  };
}

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  const filters = filtersView(row.filters);
  return {
    id: row.id,
    name: row.name,
    frequency: row.frequency,
    filters,
    search_path: `${paths.applicantJobs.getHref()}${findJobsQueryStringOf(filters)}`,
    last_alerted_at: row.lastAlertedAt?.toISOString() ?? null,
    next_alert_at: row.nextAlertAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
