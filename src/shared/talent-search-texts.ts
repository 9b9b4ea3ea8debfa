import { HOURLY_RATE_MAX, WORKING_DAY } from './talent-texts';
// Talent Search's sorts, badges, limits and texts, apart from talent-search.ts's schemas, with no zod: the
// search page and the dashboard show them without loading zod (decision 037). talent-search.ts re-exports
// them.

export const talentSorts = [
  'best_match',
  'rate_asc',
  'rate_desc',
  'rating',
  'recent_activity',
  'proven_skills',
] as const;
export type TalentSort = (typeof talentSorts)[number];
// docs/spec/portal-and-public-site.md §2, word for word.
export const talentSortLabels: Record<TalentSort, string> = {
  best_match: 'Best Match',
  rate_asc: 'Hourly Rate: Low to High',
  rate_desc: 'Hourly Rate: High to Low',
  rating: 'Rating',
  recent_activity: 'Recent Activity',
  // Beyond the spec: skills shown by a passed public test rank above skills only claimed.
  proven_skills: 'Proven Skills',
};

export const talentBadges = ['id_verified', 'background_check', 'top_rated'] as const;
export type TalentBadge = (typeof talentBadges)[number];
export const talentBadgeLabels: Record<TalentBadge, string> = {
  id_verified: 'ID Verified',
  background_check: 'Background Check',
  top_rated: 'Top Rated',
};

// docs/spec/portal-and-public-site.md §2: the quick skill badges of the filter panel.
export const quickSkills = ['Python', 'JavaScript', 'React', 'Node.js', 'AWS'] as const;
// docs/spec/portal-and-public-site.md §5: the hourly-rate slider.
export const TALENT_RATE_SLIDER = { min: 5, max: 150, step: 1, defaultMin: 15, defaultMax: 100 } as const;
// docs/spec/portal-and-public-site.md §9: a card shows at most 5 skills, then '+N'.
export const CANDIDATE_CARD_SKILLS = 5;
// Top Rated: an average of at least this many stars.
export const TOP_RATED_MIN_RATING = 4.5;
// Online: seen in the last five minutes.
export const ONLINE_WINDOW_MINUTES = 5;

// The working-hours overlap filter: at least this many of a day's hours shared, 1 up to a whole day.
export const OVERLAP_HOURS_MAX = WORKING_DAY.endHour - WORKING_DAY.startHour;

export const TALENT_PAGE_SIZE = 12;
export const TALENT_PAGE_SIZE_MAX = 50;
// Deep pages cost the database more than anyone reads: a search lists its first 10,000 or so.
export const TALENT_PAGE_MAX = 500;
export const TALENT_QUERY_MAX_LENGTH = 200;
export const TALENT_MAX_SKILL_FILTERS = 10;
// The facet lists the skills most common in the results, this many, and the quick skills besides.
export const TALENT_SKILL_FACETS = 15;
// Result sets up to this size are counted exactly on every search; larger ones are estimated.
export const TALENT_EXACT_COUNT_MAX = 5_000;

export const talentTexts = {
  heading: 'Talent Search',
  resultsFor: (query: string) => `Results for: ${query}`,
  showFilters: 'Show Filters',
  hideFilters: 'Hide Filters',
  reset: 'Reset',
  apply: 'Apply',
  // docs/spec/portal-and-public-site.md §2, word for word.
  emptyTitle: 'No results found',
  emptyBody: 'Try adjusting your filters or search terms to find more candidates',
  clearAllFilters: 'Clear all filters',
  shortlistAdded: 'Added to Shortlist',
  shortlistRemoved: 'Removed from Shortlist',
  shortlistAddedBody: (name: string) => `${name} has been added to your shortlist`,
  shortlistRemovedBody: (name: string) => `${name} has been removed from your shortlist`,
  shortlistFailed: 'The shortlist could not be changed. Please try again.',
  loadError: 'Talent search failed to load. Please try again.',
  queryTooLong: `The search can be at most ${TALENT_QUERY_MAX_LENGTH} characters.`,
  rateNumber: `Enter a rate between $0 and $${HOURLY_RATE_MAX.toLocaleString('en-US')}.`,
  rateRange: 'The minimum rate cannot be more than the maximum rate.',
  tooManySkills: `Filter by at most ${TALENT_MAX_SKILL_FILTERS} skills.`,
  skillTooLong: 'A skill can be at most 40 characters.',
  level: 'Choose an experience level from the list.',
  availability: 'Choose availability from full-time, part-time or project-based.',
  region: 'Choose a location from Americas, Europe, Asia Pacific or Africa.',
  badges: 'Choose badges from ID Verified, Background Check or Top Rated.',
  sort: 'Sort by Best Match, Hourly Rate: Low to High, Hourly Rate: High to Low, Rating, Recent Activity or Proven Skills.',
  overlapHours: `Choose from 1 to ${OVERLAP_HOURS_MAX} hours of overlap.`,
  overlapWith: 'Choose a time zone from the list.',
  overlapNeedsZone: 'Choose the time zone your working hours are in.',
  page: `Results go up to page ${TALENT_PAGE_MAX}; narrow the search to see more.`,
  pageNumber: 'The page must be a whole number.',
  pageSize: `The page size must be a whole number from 1 to ${TALENT_PAGE_SIZE_MAX}.`,
  notFound: 'This candidate was not found.',
  inviteSent: 'Invitation sent',
  inviteSentBody: (name: string, job: string) => `${name} has been invited to apply to ${job}.`,
  inviteJobNotOpen: 'Invite candidates to an open job of your company.',
  alreadyApplied: 'This candidate has already applied to that job.',
} as const;
