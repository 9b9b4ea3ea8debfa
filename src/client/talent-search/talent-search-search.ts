import { defineListSearch, type ListSearchStateOf, searchParam } from '~/client/lib/list-search';
import type { TalentQuery } from '~/shared/talent-search';
import {
  OVERLAP_HOURS_MAX,
  TALENT_PAGE_SIZE,
  TALENT_RATE_SLIDER,
  talentBadges,
  talentSorts,
} from '~/shared/talent-search-texts';
import { availabilities, experienceLevels, regions } from '~/shared/talent-texts';

// 1 to 8 hours, as the URL writes them.
export const overlapHourChoices = Array.from({ length: OVERLAP_HOURS_MAX }, (_, index) => String(index + 1));

// The zone a working-hours overlap compares with when none is chosen: this browser's.
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

// The state of Talent Search kept in its URL, so a reload, a shared link and Back land on the same search:
// /company/talent?q=python&skills=React,AWS&rate_min=20&level=senior&availability=full-time&badges=top_rated
//   &overlap_hours=4&overlap_with=Europe/Berlin&sort=rating&page=2
// The card/list layout (?layout=list) and the Shortlist tab (?tab=shortlist) live beside it, apart from
// the filters, since they narrow nothing.

export const talentSearch = defineListSearch({
  pageSizes: [TALENT_PAGE_SIZE],
  sorts: talentSorts,
  filters: {
    skills: searchParam.list('skills'),
    rateMin: searchParam.amount('rate_min'),
    rateMax: searchParam.amount('rate_max'),
    level: searchParam.oneOf('level', experienceLevels),
    availability: searchParam.list('availability', availabilities),
    region: searchParam.oneOf('region', regions),
    badges: searchParam.list('badges', talentBadges),
    // Beyond the spec: working days sharing at least this many hours with one in `overlap_with`.
    overlapHours: searchParam.oneOf('overlap_hours', overlapHourChoices),
    overlapWith: searchParam.text('overlap_with'),
  },
});

type TalentSearchState = ListSearchStateOf<typeof talentSearch>;
export type TalentFilterState = Pick<
  TalentSearchState,
  'skills' | 'rateMin' | 'rateMax' | 'level' | 'availability' | 'region' | 'badges' | 'overlapHours' | 'overlapWith'
>;

const talentLayouts = ['grid', 'list'] as const;
export type TalentLayout = (typeof talentLayouts)[number];
// Grid is the default and stays out of the URL.
export const layoutParam = searchParam.oneOf('layout', ['list'] as const);

const talentTabs = ['search', 'shortlist'] as const;
export type TalentTab = (typeof talentTabs)[number];
export const tabParam = searchParam.oneOf('tab', ['shortlist'] as const);
// The shortlist pages on its own, so switching tabs keeps each list's page.
export const shortlistPageParam = searchParam.page('shortlist_page');

// The slider's ends: a bound at an end narrows nothing (a $150 maximum means "$150 and up").
export const rateBoundsOf = (min: number, max: number) => ({
  rateMin: min > TALENT_RATE_SLIDER.min ? min : null,
  rateMax: max < TALENT_RATE_SLIDER.max ? max : null,
});

// The state as GET /api/talent takes it. A range written backwards in the URL keeps its minimum.
export function toTalentQuery(state: TalentSearchState): TalentQuery {
  const isBackwards = state.rateMin !== null && state.rateMax !== null && state.rateMin > state.rateMax;
  return {
    q: state.q || undefined,
    skills: state.skills.length > 0 ? state.skills.join(',') : undefined,
    rate_min: state.rateMin ?? undefined,
    rate_max: isBackwards ? undefined : (state.rateMax ?? undefined),
    level: state.level ?? undefined,
    availability: state.availability.length > 0 ? state.availability.join(',') : undefined,
    region: state.region ?? undefined,
    badges: state.badges.length > 0 ? state.badges.join(',') : undefined,
    // An overlap written into the URL without its zone compares with this browser's.
    overlap_hours: state.overlapHours ? Number(state.overlapHours) : undefined,
    overlap_with: state.overlapHours ? state.overlapWith || browserTimeZone() : undefined,
    sort: state.sort ?? undefined,
    page: state.page,
    page_size: state.pageSize,
  };
}
