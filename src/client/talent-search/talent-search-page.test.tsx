import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyUser, fakeId, jobFromInput } from '~/client/testing/data-generators';
import { conversationDetail, fakeMessagingApi } from '~/client/testing/fake-messaging-api';
import {
  type ContractFakeHandler,
  createFakeServer,
  type FakeServer,
  reply,
  replyError,
} from '~/client/testing/fake-server';
import { preloadPages, renderRoute } from '~/client/testing/render-route';
import { jobsContract } from '~/shared/contracts/jobs';
import { messagingContract } from '~/shared/contracts/messaging';
import { reviewsContract } from '~/shared/contracts/reviews';
import { talentSearchContract } from '~/shared/contracts/talent-search';
import { paths } from '~/shared/routes';
import { emptyProfileBackground } from '~/shared/talent-background';
import {
  type Candidate,
  type Shortlist,
  type TalentSearchResult,
  talentSortLabels,
  talentTexts,
} from '~/shared/talent-search';

// Talent Search (docs/spec/portal-and-public-site.md §2 "Talent Search results (company)", §3 Candidate, §4,
// §5, §8, §9): the cards, the heading, the staged filter panel and what it sends, the heart with its toasts,
// the shortlist tab with Invite to apply, the empty and error states, and the state kept in the URL.

function candidate(overrides: Partial<Candidate> = {}): Candidate {
  return {
    id: fakeId(),
    name: 'Ada Lovelace',
    role: 'Senior Python Developer',
    photo_url: null,
    hourly_rate: 65,
    summary: 'Builds data pipelines and APIs.',
    skills: ['Python', 'Django', 'PostgreSQL', 'AWS', 'Docker', 'Redis', 'Celery'],
    proven_skills: [],
    experience_level: 'senior',
    availability: 'full-time',
    region: 'Europe',
    location: 'London',
    timezone: 'Europe/London',
    rating: 4.8,
    review_count: 12,
    hours_billed: 1240,
    badges: ['id_verified', 'top_rated'],
    latest_job: null,
    languages: [],
    is_online: true,
    is_shortlisted: false,
    cv: null,
    cv_match: null,
    background_match: null,
    ...overrides,
  };
}

const noFacets: TalentSearchResult['facets'] = { skills: [], level: [], availability: [], region: [] };

type ProfileHandler = ContractFakeHandler<typeof talentSearchContract.candidate>;

// /api/talent and the shortlist, answered from memory; `answer` overrides a call, `profile` the profile a
// card opens (the shortlist and the skills would match its pattern were it registered after them).
function fakeTalentApi(server: FakeServer, candidates: Candidate[], profile?: ProfileHandler) {
  const store = candidates.map((item) => ({ ...item }));
  const find = (id: string | undefined) => store.find((item) => item.id === id);
  // The profile's reviews: none, unless a test says otherwise.
  server.fallback(reviewsContract.candidateReviews, ({ query }) => ({
    items: [],
    total: 0,
    page: Number(query.get('page') ?? 1),
    page_size: 5,
  }));
  // First: later answers (the search, the shortlist, the skills) take precedence over the id's pattern.
  server.on(
    talentSearchContract.candidate,
    profile ??
      (({ params }) => {
        const item = find(params.id);
        if (!item) return replyError(404, 'not_found', talentTexts.notFound);
        return {
          ...item,
          ...emptyProfileBackground,
          passed_tests: [
            {
              id: fakeId(),
              name: 'Python Assessment',
              type: 'coding' as const,
              score: 92,
              passed_at: '2026-10-02T12:00:00Z',
            },
          ],
        };
      }),
  );
  server.on(talentSearchContract.search, ({ query }): TalentSearchResult => {
    const q = query.get('q')?.toLowerCase();
    const items = q ? store.filter((item) => `${item.role} ${item.summary}`.toLowerCase().includes(q)) : store;
    return {
      items,
      total: items.length,
      total_is_estimate: false,
      page: Number(query.get('page') ?? 1),
      page_size: Number(query.get('page_size') ?? 12),
      facets: { ...noFacets, level: [{ value: 'senior', count: items.length }] },
    };
  });
  server.on(talentSearchContract.shortlist, ({ query }): Shortlist => {
    const items = store.filter((item) => item.is_shortlisted);
    return { items, total: items.length, page: Number(query.get('page') ?? 1), page_size: 12 };
  });
  server.on(talentSearchContract.skills, ({ query }) => ({
    items: ['Python', 'PyTorch', 'TypeScript'].filter((skill) =>
      skill.toLowerCase().startsWith((query.get('q') ?? '').toLowerCase()),
    ),
  }));
  server.on(talentSearchContract.addToShortlist, ({ params }) => {
    const item = find(params.id);
    if (item) item.is_shortlisted = true;
    return { is_shortlisted: true };
  });
  server.on(talentSearchContract.removeFromShortlist, ({ params }) => {
    const item = find(params.id);
    if (item) item.is_shortlisted = false;
    return { is_shortlisted: false };
  });
  return store;
}

async function openTalentSearch(
  candidates: Candidate[],
  answer?: (server: FakeServer) => void,
  path = '',
  profile?: ProfileHandler,
) {
  const server = createFakeServer();
  const store = fakeTalentApi(server, candidates, profile);
  answer?.(server);
  const view = await renderRoute(`${paths.companyTalent.getHref()}${path}`, { user: companyUser(), server });
  return { ...view, store };
}

const searches = (server: FakeServer) => server.requests.filter((request) => request.path === '/api/talent');
const lastSearch = (server: FakeServer) => Object.fromEntries(searches(server).at(-1)?.query ?? []);

describe('Talent Search', () => {
  beforeAll(() => preloadPages(paths.companyTalent.getHref(), paths.companyMessages.getHref()));

  it('says “about” for an estimated total, shortens large facet counts, and pages only as far as the server', async () => {
    const { events } = await openTalentSearch(
      [candidate()],
      (fake) => {
        fake.on(
          talentSearchContract.search,
          ({ query }): TalentSearchResult => ({
            items: [candidate()],
            total: 980_000,
            total_is_estimate: true,
            page: Number(query.get('page') ?? 1),
            page_size: 12,
            facets: {
              ...noFacets,
              skills: [{ value: 'Python', count: 160_000 }],
              level: [{ value: 'senior', count: 1677 }],
            },
          }),
        );
      },
      '?page=499',
    );
    expect(await screen.findByText('About 980,000 candidates')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Python\s*\(160K\)/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Senior/ }).closest('div')).toHaveTextContent('(1,677)');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pagination).toHaveTextContent('5,977–5,988 of about 980,000 candidates');
    await events.click(within(pagination).getByRole('button', { name: 'Page 500' }));
    expect(await within(pagination).findByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows each candidate as a card with rate, presence, skills, rating, hours, place and badges', async () => {
    await openTalentSearch([
      candidate(),
      candidate({ name: 'Grace Hopper', rating: null, is_online: false, skills: ['COBOL'], badges: [] }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: talentTexts.heading })).toBeInTheDocument();
    expect(await screen.findByText('2 candidates')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Ada Lovelace' });
    expect(within(card).getByText('Senior Python Developer')).toBeInTheDocument();
    expect(within(card).getByText('$65/hr')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Online' })).toBeInTheDocument();
    // Five skills, then +2.
    expect(within(within(card).getByRole('list', { name: 'Skills' })).getAllByRole('listitem')).toHaveLength(6);
    expect(within(card).getByText('+2')).toBeInTheDocument();
    expect(within(card).getByText('4.8')).toBeInTheDocument();
    expect(within(card).getByText('1,240 hours billed')).toBeInTheDocument();
    expect(within(card).getByText('London · Europe/London')).toBeInTheDocument();
    expect(within(card).getByText('Top Rated')).toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Grace Hopper' });
    expect(within(other).getByText('No ratings yet')).toBeInTheDocument();
    expect(within(other).getByRole('img', { name: 'Offline' })).toBeInTheDocument();
  });

  it('says what it searched for in the heading, once the typing pauses, and keeps it in the URL', async () => {
    const { events, server, router } = await openTalentSearch([
      candidate(),
      candidate({ name: 'Grace Hopper', role: 'COBOL' }),
    ]);
    await screen.findByText('2 candidates');
    await events.type(screen.getByRole('searchbox', { name: 'Search talent' }), 'python');
    expect(
      await screen.findByRole('heading', { level: 1, name: talentTexts.resultsFor('python') }),
    ).toBeInTheDocument();
    expect(await screen.findByText('1 candidate')).toBeInTheDocument();
    expect(
      searches(server)
        .filter((request) => request.query.has('q'))
        .map((r) => r.query.get('q')),
    ).toEqual(['python']);
    expect(router.state.location.search).toBe('?q=python');
  });

  it('stages the filters until Apply, sends no rate for the default range, and keeps them in the URL', async () => {
    const { events, server, router } = await openTalentSearch([candidate()]);
    await screen.findByText('1 candidate');
    const panel = screen.getByRole('form', { name: 'Filters' });
    await events.click(within(panel).getByRole('button', { name: /^Python/ }));
    await events.click(within(panel).getByRole('radio', { name: 'Senior' }));
    await events.click(within(panel).getByRole('checkbox', { name: 'Part-time' }));
    await events.selectOptions(within(panel).getByLabelText('Location'), 'Europe');
    await events.click(within(panel).getByRole('checkbox', { name: 'Top Rated' }));
    // Nothing is searched before Apply.
    expect(searches(server)).toHaveLength(1);
    // The default range filters nothing, and says so.
    expect(within(panel).getByText('Any rate')).toBeInTheDocument();
    await events.click(within(panel).getByRole('button', { name: talentTexts.apply }));
    await waitFor(() => expect(searches(server)).toHaveLength(2));
    expect(lastSearch(server)).toEqual({
      skills: 'Python',
      level: 'senior',
      availability: 'part-time',
      region: 'Europe',
      badges: 'top_rated',
      page: '1',
      page_size: '12',
    });
    expect(new URLSearchParams(router.state.location.search).get('level')).toBe('senior');
  });

  it('leaves out a popular skill no candidate of the search has, unless it is chosen', async () => {
    const answerWith = (fake: FakeServer) =>
      fake.on(
        talentSearchContract.search,
        ({ query }): TalentSearchResult => ({
          items: [candidate()],
          total: 1,
          total_is_estimate: false,
          page: Number(query.get('page') ?? 1),
          page_size: 12,
          facets: {
            ...noFacets,
            skills: [
              { value: 'React', count: 1 },
              { value: 'Python', count: 0 },
            ],
          },
        }),
      );
    await openTalentSearch([candidate()], answerWith);
    const popular = await screen.findByRole('list', { name: 'Popular skills' });
    await within(popular).findByRole('button', { name: /^React\s*\(1\)/ });
    expect(within(popular).queryByRole('button', { name: /^Python/ })).not.toBeInTheDocument();
  });

  it('keeps a chosen popular skill in view even when it counts none', async () => {
    await openTalentSearch(
      [candidate()],
      (fake) =>
        fake.on(
          talentSearchContract.search,
          ({ query }): TalentSearchResult => ({
            items: [],
            total: 0,
            total_is_estimate: false,
            page: Number(query.get('page') ?? 1),
            page_size: 12,
            facets: { ...noFacets, skills: [{ value: 'Python', count: 0 }] },
          }),
        ),
      '?skills=Python',
    );
    const popular = await screen.findByRole('list', { name: 'Popular skills' });
    expect(await within(popular).findByRole('button', { name: /^Python\s*\(0\)/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('sends a rate range the person changed, moved with the keyboard', async () => {
    const { events, server } = await openTalentSearch([candidate()]);
    await screen.findByText('1 candidate');
    const minimum = screen.getByRole('slider', { name: 'Minimum hourly rate' });
    minimum.focus();
    await events.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('$17 – $100')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: talentTexts.apply }));
    await waitFor(() => expect(lastSearch(server)).toMatchObject({ rate_min: '17', rate_max: '100' }));
  });

  it('adds a suggested skill as a removable chip; Reset puts the panel back', async () => {
    const { events, server } = await openTalentSearch([candidate()]);
    await screen.findByText('1 candidate');
    const box = screen.getByRole('combobox', { name: 'Search skills' });
    await events.type(box, 'py');
    const option = await screen.findByRole('option', { name: 'PyTorch' });
    await events.click(option);
    const chips = screen.getByRole('list', { name: 'Selected skills' });
    expect(within(chips).getByText('PyTorch')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: talentTexts.reset }));
    expect(screen.queryByRole('list', { name: 'Selected skills' })).not.toBeInTheDocument();
    await events.type(box, 'TypeScript{Enter}');
    await events.click(screen.getByRole('button', { name: talentTexts.apply }));
    await waitFor(() => expect(lastSearch(server)).toMatchObject({ skills: 'TypeScript' }));
    await events.click(await screen.findByRole('button', { name: 'Remove TypeScript' }));
    expect(screen.queryByRole('list', { name: 'Selected skills' })).not.toBeInTheDocument();
  });

  it('sorts with the spec’s labels and switches to the list view through the URL', async () => {
    const { events, server, router } = await openTalentSearch([candidate()]);
    await screen.findByText('1 candidate');
    const sort = screen.getByLabelText('Sort by');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(Object.values(talentSortLabels));
    await events.selectOptions(sort, 'rate_asc');
    await waitFor(() => expect(lastSearch(server)).toMatchObject({ sort: 'rate_asc' }));
    const listView = screen.getByRole('button', { name: 'List view' });
    await events.click(listView);
    expect(listView).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Card view' })).toHaveAttribute('aria-pressed', 'false');
    expect(new URLSearchParams(router.state.location.search).get('layout')).toBe('list');
  });

  it('reads the filters from a shared link', async () => {
    const { server } = await openTalentSearch(
      [candidate()],
      undefined,
      '?q=data&skills=React,AWS&rate_min=20&rate_max=80&level=expert&availability=full-time,project-based&region=Africa&badges=id_verified&sort=rating&page=2',
    );
    await waitFor(() => expect(searches(server).length).toBeGreaterThan(0));
    expect(Object.fromEntries(searches(server)[0]?.query ?? [])).toEqual({
      q: 'data',
      skills: 'React,AWS',
      rate_min: '20',
      rate_max: '80',
      level: 'expert',
      availability: 'full-time,project-based',
      region: 'Africa',
      badges: 'id_verified',
      sort: 'rating',
      page: '2',
      page_size: '12',
    });
    expect(screen.getByText('$20 – $80')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Expert' })).toBeChecked();
  });

  it('shows the empty state, and Clear all filters clears the search and the filters', async () => {
    const { events, router } = await openTalentSearch([candidate()], undefined, '?q=haskell&level=junior');
    expect(await screen.findByText(talentTexts.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(talentTexts.emptyBody)).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: talentTexts.clearAllFilters }));
    expect(await screen.findByRole('article', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { level: 1, name: talentTexts.heading })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search talent' })).toHaveValue('');
  });

  it('shows the server’s reason for a refused search, and Try Again', async () => {
    let isFailing = true;
    const { events } = await openTalentSearch([candidate()], (server) =>
      server.on(talentSearchContract.search, () =>
        isFailing
          ? replyError(400, 'validation', talentTexts.rateRange)
          : {
              items: [candidate({ name: 'Back Again' })],
              total: 1,
              total_is_estimate: false,
              page: 1,
              page_size: 12,
              facets: noFacets,
            },
      ),
    );
    expect(await screen.findByText(talentTexts.rateRange)).toBeInTheDocument();
    isFailing = false;
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Back Again' })).toBeInTheDocument();
  });

  it('shortlists and removes with the heart, saying so in the spec’s words', async () => {
    const { events, server } = await openTalentSearch([candidate()]);
    const heart = await screen.findByRole('button', { name: 'Add Ada Lovelace to shortlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await events.click(heart);
    expect(await screen.findByText(talentTexts.shortlistAdded)).toBeInTheDocument();
    expect(screen.getByText(talentTexts.shortlistAddedBody('Ada Lovelace'))).toBeInTheDocument();
    const pressed = await screen.findByRole('button', { name: 'Remove Ada Lovelace from shortlist' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Shortlist (1)' })).toBeInTheDocument());
    await waitFor(() => expect(pressed).toBeEnabled());
    await events.click(pressed);
    expect(await screen.findByText(talentTexts.shortlistRemovedBody('Ada Lovelace'))).toBeInTheDocument();
    expect(
      server.requests
        .filter((request) => request.path.endsWith('/shortlist') && request.method !== 'GET')
        .map((r) => r.method),
    ).toEqual(['PUT', 'DELETE']);
  });

  it('puts the heart back and says so when the shortlist cannot change', async () => {
    const { events } = await openTalentSearch([candidate()], (server) =>
      server.on(talentSearchContract.addToShortlist, () => replyError(500, 'internal', 'Down.')),
    );
    await events.click(await screen.findByRole('button', { name: 'Add Ada Lovelace to shortlist' }));
    expect(await screen.findByText(talentTexts.shortlistFailed)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add Ada Lovelace to shortlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('opens the full profile from a card', async () => {
    const { events } = await openTalentSearch([candidate()]);
    await events.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const profile = await screen.findByRole('dialog', { name: 'Ada Lovelace’s profile' });
    expect(await within(profile).findByText('Celery')).toBeInTheDocument();
    expect(within(profile).getByText('Full-time')).toBeInTheDocument();
    // The passed tests arrive from the profile's own call.
    expect(await within(profile).findByText('Python Assessment')).toBeInTheDocument();
    expect(within(profile).getByText('92%')).toBeInTheDocument();
    expect(within(profile).getByText('Coding · passed Oct 2, 2026')).toBeInTheDocument();
  });

  it('says when the passed tests cannot be loaded, and loads them on Try Again', async () => {
    let isDown = true;
    const ada = candidate();
    const { events } = await openTalentSearch([ada], undefined, '', () =>
      isDown
        ? replyError(503, 'unavailable', 'The service is busy. Please try again.')
        : { ...ada, ...emptyProfileBackground, passed_tests: [] },
    );
    await events.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const profile = await screen.findByRole('dialog', { name: 'Ada Lovelace’s profile' });
    expect(await within(profile).findByText('The service is busy. Please try again.')).toBeInTheDocument();
    isDown = false;
    await events.click(within(profile).getByRole('button', { name: 'Try Again' }));
    expect(await within(profile).findByText('No passed tests yet.')).toBeInTheDocument();
  });

  it('marks the skills a passed test proves, first on the card', async () => {
    await openTalentSearch([candidate({ proven_skills: ['Docker'] })]);
    const skills = await screen.findByRole('list', { name: 'Skills' });
    const items = within(skills).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Docker (proven by a passed test)');
    expect(items[1]).toHaveTextContent(/^Python$/);
  });

  it('says where the searched words are: in the CV, and in the background, the words marked', async () => {
    await openTalentSearch([
      candidate({
        cv_match: {
          excerpt: [
            { text: 'led the ', is_match: false },
            { text: 'Kubernetes', is_match: true },
          ],
        },
        background_match: {
          excerpt: [
            { text: 'Platform Engineer ', is_match: false },
            { text: 'Kubernetes', is_match: true },
            { text: ' Foundation', is_match: false },
          ],
        },
      }),
      candidate({ name: 'Grace Hopper', cv_match: { excerpt: null } }),
    ]);
    const ada = await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(within(ada).getByText('In CV:').parentElement).toHaveTextContent('In CV: led the Kubernetes');
    const background = within(ada).getByText('In background:').parentElement;
    expect(background).toHaveTextContent('In background: Platform Engineer Kubernetes Foundation');
    expect(within(background as HTMLElement).getByText('Kubernetes').tagName).toBe('MARK');
    // A CV shared only with the companies the candidate deals with: that the words are in it, not where.
    const grace = screen.getByRole('article', { name: 'Grace Hopper' });
    expect(within(grace).getByText('In CV:').parentElement).toHaveTextContent(
      'In CV: the words you searched for are in their CV.',
    );
    expect(within(grace).queryByText('In background:')).not.toBeInTheDocument();
  });

  it('sends the working-hours overlap with the time zone it is counted from, and keeps it in the URL', async () => {
    const { events, server, router } = await openTalentSearch([candidate()]);
    await screen.findByRole('button', { name: 'Ada Lovelace' });
    await events.selectOptions(screen.getByLabelText('Working hours overlap'), 'At least 4 hours');
    expect(screen.getByRole('combobox', { name: 'With my time zone' })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: talentTexts.apply }));
    await waitFor(() => expect(lastSearch(server)).toMatchObject({ overlap_hours: '4' }));
    expect(lastSearch(server).overlap_with).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(router.state.location.search).toContain('overlap_hours=4');
  });

  it('lists the shortlist in its tab and invites a candidate to an open job', async () => {
    const jobId = fakeId();
    const { events, server } = await openTalentSearch(
      [candidate({ is_shortlisted: true })],
      (fake) => {
        fake.on(jobsContract.list, () => ({
          items: [jobFromInput({ title: 'Data Engineer', status: 'open' }, { id: jobId })],
          total: 1,
          page: 1,
          page_size: 100,
        }));
        fake.on(talentSearchContract.invite, ({ params, body }) =>
          reply(201, { job_id: body.job_id, applicant_id: params.id, invited_at: '2026-11-20T12:00:00Z' }),
        );
      },
      '?tab=shortlist',
    );
    expect(await screen.findByText('1 candidate shortlisted')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Invite to apply: Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Ada Lovelace to apply' });
    expect(await within(dialog).findByRole('option', { name: 'Data Engineer' })).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(talentTexts.inviteSentBody('Ada Lovelace', 'Data Engineer'))).toBeInTheDocument();
    expect(server.requests.find((request) => request.path.endsWith('/invitations'))?.body).toEqual({ job_id: jobId });
    expect(
      Object.fromEntries(server.requests.find((request) => request.path === '/api/jobs')?.query ?? []),
    ).toMatchObject({
      status: 'open',
    });
  });

  it('invites from the search results too, not only the shortlist, and shows the server’s refusal in the dialog', async () => {
    const { events } = await openTalentSearch([candidate({ is_shortlisted: false })], (fake) => {
      fake.on(jobsContract.list, () => ({
        items: [jobFromInput({ title: 'Data Engineer', status: 'open' })],
        total: 1,
        page: 1,
        page_size: 100,
      }));
      fake.on(talentSearchContract.invite, () => replyError(409, 'conflict', talentTexts.alreadyApplied));
    });
    await events.click(await screen.findByRole('button', { name: 'Invite to apply: Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Ada Lovelace to apply' });
    await within(dialog).findByRole('option', { name: 'Data Engineer' });
    await events.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(talentTexts.alreadyApplied);
  });

  it('opens a conversation with Message, listed at once and open in Messages', async () => {
    const server = createFakeServer();
    fakeTalentApi(server, [candidate()]);
    fakeMessagingApi(server, [conversationDetail({ title: 'Grace Hopper' })]);
    // Messages was read earlier: the browser holds its list.
    const { events, router } = await renderRoute(paths.companyMessages.getHref(), { user: companyUser(), server });
    await screen.findByRole('list', { name: 'Conversations' });
    await act(() => router.navigate(paths.companyTalent.getHref()));
    // The list is not read again before the conversation shows: it joins what the browser holds.
    server.on(messagingContract.list, () => new Promise<never>(() => {}));
    // jsdom names it without the space its hidden part starts with.
    await events.click(await screen.findByRole('button', { name: /^Message\s*Ada Lovelace$/ }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Ada Lovelace'),
      expect.stringContaining('Grace Hopper'),
    ]);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
  });

  it('takes a candidate off the shortlist tab, says so, and shows the empty shortlist', async () => {
    const { events } = await openTalentSearch([candidate({ is_shortlisted: true })], undefined, '?tab=shortlist');
    await events.click(await screen.findByRole('button', { name: 'Remove Ada Lovelace from shortlist' }));
    expect(await screen.findByText('Your shortlist is empty')).toBeInTheDocument();
    expect(await screen.findByText(talentTexts.shortlistRemovedBody('Ada Lovelace'))).toBeInTheDocument();
  });
});
