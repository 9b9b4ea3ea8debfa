import { useQuery } from '@tanstack/react-query';
import { LayoutGridIcon, ListIcon, SearchXIcon, SendIcon, SlidersHorizontalIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FilterSelect } from '~/client/components/filter-select';
import { MessageApplicantButton } from '~/client/components/message-applicant-button';
import { PageMeta } from '~/client/components/page-meta';
import { SearchInput } from '~/client/components/search-input';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { Label } from '~/client/components/ui/label';
import { Pagination } from '~/client/components/ui/pagination';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/client/components/ui/tabs';
import { useAllowed } from '~/client/lib/allowed';
import { isApiError } from '~/client/lib/api-client';
import { useChangeSearch, useListSearch } from '~/client/lib/list-search';
import { useStepBackPastEnd } from '~/client/lib/use-step-back-past-end';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import type { Candidate, TalentSort } from '~/shared/talent-search';
import {
  TALENT_PAGE_MAX,
  TALENT_PAGE_SIZE,
  talentSortLabels,
  talentSorts,
  talentTexts,
} from '~/shared/talent-search-texts';
import { shortlistQueryOptions, talentSearchQueryOptions } from './api';
import { CandidateCard, CandidateList } from './candidate-card';
import { countCandidates } from './candidate-format';
import { CandidateProfileSheet } from './candidate-profile-sheet';
import { CandidateSkeletons } from './candidate-skeletons';
import { FilterDrawer } from './filter-drawer';
import { FilterPanel } from './filter-panel';
import { InviteButton, InviteDialog } from './invite-dialog';
import { ShortlistTab } from './shortlist-tab';
import {
  layoutParam,
  shortlistPageParam,
  type TalentFilterState,
  type TalentLayout,
  type TalentTab,
  tabParam,
  talentSearch,
  toTalentQuery,
} from './talent-search-search';
import { useIsNarrow } from './use-is-narrow';

// /company/talent (docs/spec/portal-and-public-site.md §2 "Talent Search results (company)"): listed applicants
// searched as the company types (debounced 300 ms), narrowed by the filter panel on Apply, sorted and paged on
// the server; the heart keeps a shortlist, which has its own tab with Invite to apply. Everything but the open
// panels lives in the URL, so Back and a shared link land on the same search.
export default function TalentSearchPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const search = useListSearch(talentSearch);
  const { state } = search;
  const [params] = useSearchParams();
  const changeSearch = useChangeSearch();
  const tab: TalentTab = tabParam.read(params) ?? 'search';
  const layout: TalentLayout = layoutParam.read(params) ?? 'grid';
  const shortlistPage = shortlistPageParam.read(params);

  const results = useQuery(talentSearchQueryOptions(toTalentQuery(state)));
  const shortlist = useQuery(shortlistQueryOptions({ page: shortlistPage, page_size: TALENT_PAGE_SIZE }));
  const isNarrow = useIsNarrow();
  const [isPanelShown, setPanelShown] = useState(true);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [openCandidate, setOpenCandidate] = useState<Candidate | null>(null);
  const [inviting, setInviting] = useState<Candidate | null>(null);
  const mayInvite = useAllowed('create:job_invitation:own');

  const items = results.data?.items ?? [];
  const total = results.data?.total ?? 0;
  const isSearching = results.isPending || results.isPlaceholderData;
  const filters: TalentFilterState = {
    skills: state.skills,
    rateMin: state.rateMin,
    rateMax: state.rateMax,
    level: state.level,
    availability: state.availability,
    region: state.region,
    badges: state.badges,
    overlapHours: state.overlapHours,
    overlapWith: state.overlapWith,
  };

  // Past the last page (profiles unlisted meanwhile): show the page that now is the last.
  const isPastEnd = useStepBackPastEnd(results, state.page, state.pageSize, search.setPage);

  function applyFilters(next: TalentFilterState) {
    search.change(next);
    setDrawerOpen(false);
  }

  const filterPanel = (
    <FilterPanel
      // A new applied state (Clear all filters, Back) starts the panel over from it.
      key={JSON.stringify(filters)}
      filters={filters}
      facets={results.data?.facets}
      onApply={applyFilters}
    />
  );
  const isInlinePanelShown = !isNarrow && isPanelShown;

  return (
    <>
      <PageMeta title={title} />
      <div className="mb-4 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {state.q ? talentTexts.resultsFor(state.q) : talentTexts.heading}
        </h1>
        <p className="text-sm text-muted-foreground">Find, compare and shortlist talent for your team.</p>
      </div>

      <Tabs
        value={tab}
        onValueChange={(next) =>
          changeSearch({ [tabParam.key]: tabParam.write(next === 'shortlist' ? 'shortlist' : null) })
        }
      >
        <TabsList>
          <TabsTrigger value="search">Search</TabsTrigger>
          <TabsTrigger value="shortlist">Shortlist{shortlist.data ? ` (${shortlist.data.total})` : ''}</TabsTrigger>
        </TabsList>

        <TabsContent value="search" className="mt-4">
          <Card className="mb-4 grid gap-3 p-4">
            <SearchInput
              label="Search talent"
              placeholder="Search roles, skills, summaries..."
              value={state.q}
              onSearch={(q) => search.change({ q }, { replace: true })}
            />
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <Button
                variant="outline"
                aria-expanded={isNarrow ? isDrawerOpen : isPanelShown}
                aria-controls={isNarrow ? undefined : 'talent-filters'}
                onClick={() => (isNarrow ? setDrawerOpen(true) : setPanelShown((shown) => !shown))}
              >
                <SlidersHorizontalIcon aria-hidden="true" />
                {isInlinePanelShown ? talentTexts.hideFilters : talentTexts.showFilters}
              </Button>
              <SortSelect value={state.sort ?? 'best_match'} onChange={(sort) => search.change({ sort })} />
              <LayoutToggle
                value={layout}
                onChange={(next) =>
                  changeSearch({ [layoutParam.key]: layoutParam.write(next === 'list' ? 'list' : null) })
                }
              />
            </div>
          </Card>

          <div className="flex min-w-0 items-start gap-6">
            {isInlinePanelShown && (
              <aside id="talent-filters" aria-label="Filter candidates" className="w-64 shrink-0 lg:w-72">
                <Card className="p-4">{filterPanel}</Card>
              </aside>
            )}
            <div className="grid min-w-0 flex-1 gap-4">
              <p className="text-sm font-medium" role="status" aria-live="polite">
                {isSearching
                  ? 'Searching…'
                  : results.isError
                    ? ''
                    : countCandidates(total, results.data?.total_is_estimate)}
              </p>
              {results.isError ? (
                <Alert variant="destructive" className="flex-col sm:flex-row sm:items-center sm:justify-between">
                  <div>
                    <AlertTitle>
                      {isApiError(results.error) && results.error.status < 500
                        ? results.error.message
                        : talentTexts.loadError}
                    </AlertTitle>
                  </div>
                  <Button variant="outline" size="sm" onClick={() => results.refetch()}>
                    Try Again
                  </Button>
                </Alert>
              ) : isSearching ? (
                <CandidateSkeletons layout={layout} />
              ) : items.length === 0 && !isPastEnd ? (
                <Card className="flex flex-col items-center gap-3 px-4 py-12 text-center">
                  <SearchXIcon className="size-10 text-muted-foreground" aria-hidden="true" />
                  <p className="font-semibold">{talentTexts.emptyTitle}</p>
                  <p className="text-sm text-muted-foreground">{talentTexts.emptyBody}</p>
                  {search.isFiltered && (
                    <Button variant="outline" onClick={search.clear}>
                      {talentTexts.clearAllFilters}
                    </Button>
                  )}
                </Card>
              ) : (
                <CandidateList layout={layout}>
                  {items.map((candidate) => (
                    <li key={candidate.id} className="min-w-0">
                      <CandidateCard
                        candidate={candidate}
                        layout={layout}
                        onOpen={setOpenCandidate}
                        actions={
                          <>
                            {mayInvite && <InviteButton candidate={candidate} onInvite={setInviting} />}
                            <MessageApplicantButton applicantId={candidate.id} name={candidate.name} />
                          </>
                        }
                      />
                    </li>
                  ))}
                </CandidateList>
              )}
              {results.isSuccess && total > 0 && (
                <Pagination
                  page={state.page}
                  pageSize={state.pageSize}
                  total={total}
                  isEstimate={results.data.total_is_estimate}
                  maxPage={TALENT_PAGE_MAX}
                  noun="candidates"
                  onPageChange={(page) => {
                    search.setPage(page);
                    window.scrollTo({ top: 0 });
                  }}
                />
              )}
            </div>
          </div>
          {isNarrow && (
            <FilterDrawer open={isDrawerOpen} onOpenChange={setDrawerOpen}>
              {filterPanel}
            </FilterDrawer>
          )}
        </TabsContent>

        <TabsContent value="shortlist" className="mt-4">
          <ShortlistTab
            shortlist={shortlist}
            page={shortlistPage}
            pageSize={TALENT_PAGE_SIZE}
            layout={layout}
            onPageChange={(page) => {
              changeSearch({ [shortlistPageParam.key]: shortlistPageParam.write(page) });
              window.scrollTo({ top: 0 });
            }}
            onOpen={setOpenCandidate}
            onInvite={setInviting}
            onFindTalent={() => changeSearch({ [tabParam.key]: null })}
          />
        </TabsContent>
      </Tabs>

      <CandidateProfileSheet
        candidate={openCandidate}
        onOpenChange={(open) => {
          if (!open) setOpenCandidate(null);
        }}
        onShortlistChange={(isShortlisted) =>
          setOpenCandidate((candidate) => (candidate ? { ...candidate, is_shortlisted: isShortlisted } : candidate))
        }
        actions={
          openCandidate && (
            <>
              <MessageApplicantButton applicantId={openCandidate.id} name={openCandidate.name} size="default" />
              {mayInvite && (
                <Button onClick={() => setInviting(openCandidate)}>
                  <SendIcon aria-hidden="true" />
                  Invite to apply
                </Button>
              )}
            </>
          )
        }
      />
      {inviting && (
        <InviteDialog
          candidate={inviting}
          onOpenChange={(open) => {
            if (!open) setInviting(null);
          }}
        />
      )}
    </>
  );
}

function SortSelect({ value, onChange }: { value: TalentSort; onChange: (sort: TalentSort) => void }) {
  const id = useId();
  return (
    // On a phone the sort takes its own row, below the filter button and the layout toggle.
    <div className="order-last flex min-w-0 basis-full items-center gap-2 sm:order-none sm:basis-auto">
      <Label htmlFor={id} className="whitespace-nowrap">
        Sort by
      </Label>
      <FilterSelect
        id={id}
        className="min-w-0 flex-1 sm:w-56 sm:flex-none"
        value={value}
        options={talentSorts}
        labels={talentSortLabels}
        onChange={onChange}
      />
    </div>
  );
}

// Card or list (docs/spec/portal-and-public-site.md §2): two toggle buttons, the pressed one is the layout shown.
const layoutChoices = [
  { layout: 'grid', label: 'Card view', Icon: LayoutGridIcon },
  { layout: 'list', label: 'List view', Icon: ListIcon },
] as const;

function LayoutToggle({ value, onChange }: { value: TalentLayout; onChange: (layout: TalentLayout) => void }) {
  return (
    <fieldset className="ml-auto flex rounded-md border border-input p-0.5">
      <legend className="sr-only">Layout</legend>
      {layoutChoices.map(({ layout, label, Icon }) => (
        <Button
          key={layout}
          variant={value === layout ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={value === layout}
          aria-label={label}
          title={label}
          className="h-8 px-2"
          onClick={() => onChange(layout)}
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
    </fieldset>
  );
}
