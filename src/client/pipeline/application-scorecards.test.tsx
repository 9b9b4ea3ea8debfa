import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedApplicationDrawer } from '~/client/testing/application-drawer-fixture';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { scorecardsContract } from '~/shared/contracts/scorecards';
import { type Scorecard, type ScorecardSummary, scorecardTexts } from '~/shared/scorecards';

// The scorecards in an application's drawer: the summary (count, overall and per-criterion averages, each
// card), the form with its field errors, the server's refusals, and no form for a role that reads only.

const criteria = ['Skills', 'Communication'];
const now = new Date().toISOString();
const card = (overrides: Partial<Scorecard>): Scorecard => ({
  id: fakeId(),
  stage: 'interviewing',
  author_id: fakeId(),
  author_name: 'Ivan Interviewer',
  is_mine: false,
  ratings: [
    { criterion: 'Skills', rating: 4, note: 'Strong on the stack.' },
    { criterion: 'Communication', rating: 3, note: '' },
  ],
  overall_rating: 4,
  note: 'Hire.',
  updated_at: now,
  ...overrides,
});

const summaryOf = (cards: Scorecard[], canFill = true): ScorecardSummary => {
  const average = (values: number[]) =>
    values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10 : null;
  return {
    criteria,
    default_stage: 'interviewing',
    count: cards.length,
    overall_average: average(cards.map((each) => each.overall_rating)),
    criterion_averages: criteria.flatMap((criterion) => {
      const values = cards.flatMap((each) =>
        each.ratings.filter((r) => r.criterion === criterion).map((r) => r.rating),
      );
      const value = average(values);
      return value === null ? [] : [{ criterion, average: value, count: values.length }];
    }),
    scorecards: cards,
    can_fill: canFill,
  };
};

async function openScorecards({ cards = [] as Scorecard[], canFill = true, refuse = false } = {}) {
  const server = createFakeServer();
  const { path } = seedApplicationDrawer(server);
  let stored = [...cards];
  server.on(scorecardsContract.list, () => summaryOf(stored, canFill));
  server.on(scorecardsContract.fill, ({ body }) => {
    if (refuse)
      return replyError(400, 'validation', scorecardTexts.unknownCriterion('Skills'), {
        'ratings.0.criterion': scorecardTexts.unknownCriterion('Skills'),
      });
    const saved = card({
      stage: body.stage,
      author_name: 'Ada Hiring',
      is_mine: true,
      ratings: body.ratings.map((rating) => ({ ...rating, note: rating.note ?? '' })),
      overall_rating: body.overall_rating,
      note: body.note ?? '',
    });
    stored = [saved, ...stored.filter((each) => !(each.is_mine && each.stage === body.stage))];
    return saved;
  });
  const view = await renderRoute(path, { user: companyUser(), server });
  const drawer = within(await screen.findByRole('dialog', { name: 'Application from Grace Hopper' }));
  return { ...view, server, drawer };
}

describe('An application’s scorecards', () => {
  it('summarise every interviewer’s card: count, overall and per-criterion averages, and each card', async () => {
    const { drawer } = await openScorecards({
      cards: [
        card({}),
        card({
          author_name: 'Olga Owner',
          stage: 'shortlisted',
          overall_rating: 3,
          ratings: [
            { criterion: 'Skills', rating: 3, note: '' },
            { criterion: 'Communication', rating: 2, note: 'Quiet.' },
          ],
          note: '',
        }),
      ],
    });
    expect(await drawer.findByText('Overall 3.5 / 4')).toBeInTheDocument();
    expect(drawer.getByText('· 2 scorecards', { exact: false })).toBeInTheDocument();
    const cards = within(drawer.getByRole('list', { name: 'Scorecards' }));
    expect(cards.getByText('Ivan Interviewer')).toBeInTheDocument();
    expect(cards.getByText('Olga Owner')).toBeInTheDocument();
    expect(cards.getByText('Strong on the stack.')).toBeInTheDocument();
    expect(cards.getByText('Quiet.')).toBeInTheDocument();
    // Per criterion: the terms with their averages, in the job's order.
    const averageOf = (criterion: string) =>
      drawer.getAllByRole('term').find((term) => term.textContent === criterion)?.nextElementSibling?.textContent;
    expect(drawer.getByText('Average per criterion')).toBeInTheDocument();
    expect(averageOf('Skills')).toBe('3.5 / 4');
    expect(averageOf('Communication')).toBe('2.5 / 4');
  });

  it('fills the interviewer’s card: every criterion and the overall rated, with field errors until then', async () => {
    const { drawer, events, server } = await openScorecards();
    expect(await drawer.findByText('No scorecards yet.')).toBeInTheDocument();
    await events.click(drawer.getByRole('button', { name: 'Fill Scorecard' }));
    await events.click(drawer.getByRole('button', { name: 'Save Scorecard' }));
    expect(await drawer.findAllByText(scorecardTexts.rating)).toHaveLength(2);
    expect(drawer.getByText(scorecardTexts.overallRequired)).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    const skills = within(drawer.getByRole('group', { name: 'Skills' }));
    await events.click(skills.getByRole('radio', { name: /4\s*Strong yes/ }));
    await events.type(drawer.getByRole('textbox', { name: 'Note on Skills (optional)' }), 'Knows React.');
    await events.click(
      within(drawer.getByRole('group', { name: 'Communication' })).getByRole('radio', { name: /3\s*Yes/ }),
    );
    await events.click(within(drawer.getByRole('group', { name: 'Overall' })).getByRole('radio', { name: /3\s*Yes/ }));
    await events.type(drawer.getByRole('textbox', { name: 'Overall note (optional)' }), 'A good second round.');
    await events.click(drawer.getByRole('button', { name: 'Save Scorecard' }));

    expect(await drawer.findByText('Overall 3.0 / 4')).toBeInTheDocument();
    expect(drawer.getByText('Knows React.')).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      {
        stage: 'interviewing',
        ratings: [
          { criterion: 'Skills', rating: 4, note: 'Knows React.' },
          { criterion: 'Communication', rating: 3, note: '' },
        ],
        overall_rating: 3,
        note: 'A good second round.',
      },
    ]);
  });

  it('opens the interviewer’s own card for the stage to edit it', async () => {
    const { drawer, events } = await openScorecards({ cards: [card({ is_mine: true, author_name: 'Ada Hiring' })] });
    await events.click(await drawer.findByRole('button', { name: 'Fill or Edit Your Scorecard' }));
    expect(drawer.getByRole('heading', { name: 'Edit your scorecard' })).toBeInTheDocument();
    expect(
      within(drawer.getByRole('group', { name: 'Skills' })).getByRole('radio', { name: /4\s*Strong yes/ }),
    ).toBeChecked();
    expect(drawer.getByRole('textbox', { name: 'Overall note (optional)' })).toHaveValue('Hire.');
    // Another stage starts empty.
    await events.selectOptions(drawer.getByRole('combobox', { name: 'Stage you interviewed at' }), 'shortlisted');
    expect(drawer.getByRole('heading', { name: 'Your scorecard' })).toBeInTheDocument();
    expect(drawer.getByRole('textbox', { name: 'Overall note (optional)' })).toHaveValue('');
  });

  it('shows the server’s refusal beside the criterion it names', async () => {
    const { drawer, events } = await openScorecards({ refuse: true });
    await events.click(await drawer.findByRole('button', { name: 'Fill Scorecard' }));
    for (const group of ['Skills', 'Communication', 'Overall']) {
      await events.click(within(drawer.getByRole('group', { name: group })).getByRole('radio', { name: /2\s*No/ }));
    }
    await events.click(drawer.getByRole('button', { name: 'Save Scorecard' }));
    expect(await drawer.findByText(scorecardTexts.unknownCriterion('Skills'))).toBeInTheDocument();
    expect(drawer.getByRole('group', { name: 'Skills' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('lets a reader who may not fill one read the summary only', async () => {
    const { drawer } = await openScorecards({ cards: [card({})], canFill: false });
    expect(await drawer.findByText('Overall 4.0 / 4')).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Fill Scorecard' })).not.toBeInTheDocument();
  });
});
