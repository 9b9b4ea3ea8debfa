import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '~/client/components/ui/notify';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { jobsContract } from '~/shared/contracts/jobs';
import { reviewsContract } from '~/shared/contracts/reviews';
import { talentSearchContract } from '~/shared/contracts/talent-search';
import type { JobListQuery } from '~/shared/jobs';
import type { Availability } from '~/shared/talent';
import type { CandidateProfile, Shortlist, TalentBadge, TalentQuery, TalentSearchResult } from '~/shared/talent-search';
import { talentTexts } from '~/shared/talent-search-texts';

// Talent Search as a company uses it: the search (/api/talent), the shortlist and its heart, the skills
// the filter suggests, and inviting a shortlisted candidate to one of the company's open jobs.

// TalentQuery keeps the lists as the URL writes them (comma-separated); the contract takes them as arrays,
// which callApi writes comma-separated again: the same query string. The server checks each value.
const listOf = <Value extends string>(list: string | undefined) => (list ? (list.split(',') as Value[]) : undefined);
const searchQueryOf = (query: TalentQuery) => ({
  ...query,
  skills: listOf(query.skills),
  availability: listOf<Availability>(query.availability),
  badges: listOf<TalentBadge>(query.badges),
});

export const talentSearchQueryOptions = (query: TalentQuery) =>
  queryOptions({
    queryKey: queryKeys.talentSearch.list(query),
    queryFn: () => callApi(talentSearchContract.search, { query: searchQueryOf(query) }),
    // The count and the facet counts stay while the next search loads (the cards show skeletons).
    placeholderData: keepPreviousData,
  });

// The full profile a card opens: the card's fields again, fresh, and the tests passed.
export const candidateProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.talentSearch.candidate(id),
    queryFn: () => callApi(talentSearchContract.candidate, { params: { id } }),
  });

// A candidate's revealed reviews from companies, newest first, a page at a time.
export const candidateReviewsQueryOptions = (id: string, query: { page: number; page_size: number }) =>
  queryOptions({
    queryKey: queryKeys.reviews.candidate(id, query),
    queryFn: () => callApi(reviewsContract.candidateReviews, { params: { id }, query }),
    placeholderData: keepPreviousData,
  });

export const shortlistQueryOptions = (query: { page: number; page_size: number }) =>
  queryOptions({
    queryKey: queryKeys.talentSearch.shortlist(query),
    queryFn: () => callApi(talentSearchContract.shortlist, { query }),
    placeholderData: keepPreviousData,
  });

export const talentSkillsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.talentSearch.skills(q),
    queryFn: () => callApi(talentSearchContract.skills, { query: { q } }),
    // Skills change rarely: a suggestion list once fetched serves the session.
    staleTime: 5 * 60_000,
  });

// The jobs a candidate can be invited to: the company's open jobs, newest first (the jobs feature's
// /api/jobs, under its own cache key so a job published elsewhere shows here too).
const OPEN_JOBS_QUERY: JobListQuery = { status: 'open', page_size: 100 };
export const openJobsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.jobs.list(OPEN_JOBS_QUERY),
    queryFn: () => callApi(jobsContract.list, { query: OPEN_JOBS_QUERY }),
  });

type Snapshot = [readonly unknown[], unknown][];

// Flips the heart in every cached search, and takes a removed candidate off the cached shortlists.
function patchShortlisted(queryClient: QueryClient, candidateId: string, isShortlisted: boolean) {
  queryClient.setQueriesData<TalentSearchResult>({ queryKey: queryKeys.talentSearch.lists() }, (result) =>
    result
      ? {
          ...result,
          items: result.items.map((item) =>
            item.id === candidateId ? { ...item, is_shortlisted: isShortlisted } : item,
          ),
        }
      : result,
  );
  queryClient.setQueriesData<Shortlist>({ queryKey: queryKeys.talentSearch.shortlists() }, (list) => {
    if (!list || isShortlisted || !list.items.some((item) => item.id === candidateId)) return list;
    return { ...list, items: list.items.filter((item) => item.id !== candidateId), total: list.total - 1 };
  });
  queryClient.setQueryData<CandidateProfile>(queryKeys.talentSearch.candidate(candidateId), (profile) =>
    profile ? { ...profile, is_shortlisted: isShortlisted } : profile,
  );
}

// docs/spec/portal-and-public-site.md §4: the shortlist toast shows for three seconds. The Radix notification
// area has one duration for all (5 s), so this toast goes through sonner, which takes one per toast.
const SHORTLIST_TOAST_MS = 3000;

interface ShortlistChange {
  candidateId: string;
  name: string;
  shortlist: boolean;
}

// The heart: shortlist (PUT) or remove (DELETE), shown at once and undone if the server refuses. The
// toasts belong to the mutation, not to the heart: taking someone off the Shortlist tab removes their
// card (and its heart) before the answer arrives.
export function useToggleShortlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ candidateId, shortlist }: ShortlistChange) =>
      shortlist
        ? callApi(talentSearchContract.addToShortlist, { params: { id: candidateId } })
        : callApi(talentSearchContract.removeFromShortlist, { params: { id: candidateId } }),
    onMutate: async ({ candidateId, shortlist }) => {
      // A search landing mid-change would overwrite the optimistic heart with the old one. A profile still
      // loading is left to load: cancelled before its first answer, it would wait for nothing.
      await queryClient.cancelQueries({ queryKey: queryKeys.talentSearch.lists() });
      await queryClient.cancelQueries({ queryKey: queryKeys.talentSearch.shortlists() });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: queryKeys.talentSearch.lists() }),
        ...queryClient.getQueriesData({ queryKey: queryKeys.talentSearch.shortlists() }),
      ];
      patchShortlisted(queryClient, candidateId, shortlist);
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      notify.error(talentTexts.shortlistFailed);
    },
    onSuccess: (state, { candidateId, name }) => {
      patchShortlisted(queryClient, candidateId, state.is_shortlisted);
      if (state.is_shortlisted) {
        notify.success(talentTexts.shortlistAdded, {
          description: talentTexts.shortlistAddedBody(name),
          duration: SHORTLIST_TOAST_MS,
        });
      } else {
        notify.success(talentTexts.shortlistRemoved, {
          description: talentTexts.shortlistRemovedBody(name),
          duration: SHORTLIST_TOAST_MS,
        });
      }
    },
    // The shortlist's pages and count follow from the server (a new entry, the next page moving up).
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.talentSearch.shortlists() }),
  });
}

export function useInviteCandidate(candidateId: string) {
  return useMutation({
    mutationFn: (jobId: string) =>
      callApi(talentSearchContract.invite, { params: { id: candidateId }, body: { job_id: jobId } }),
  });
}
