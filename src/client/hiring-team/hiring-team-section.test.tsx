import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedApplicationDrawer } from '~/client/testing/application-drawer-fixture';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, reply, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { hiringTeamContract } from '~/shared/contracts/hiring-team';
import { type HiringTeam, type HiringTeamMember, hiringTeamTexts, type PipelineMember } from '~/shared/hiring-team';
import type { CompanyRole } from '~/shared/permissions';
import { paths } from '~/shared/routes';
import { DEFAULT_SCORECARD_CRITERIA, scorecardTexts } from '~/shared/scorecards';

// The job page's Hiring team: the team (or the sentence saying everyone hears of the job), adding a
// colleague found by search, removing one, the scorecard criteria edited with their field errors, and
// none of the controls for a role that may not change the job.

const carla: PipelineMember = {
  user_id: fakeId(),
  name: 'Carla Colleague',
  email: 'carla@acme.test',
  role: 'hiring_manager',
};
const victor: PipelineMember = { user_id: fakeId(), name: 'Victor Viewer', email: 'victor@acme.test', role: 'viewer' };

async function openJobPage({ role = 'owner', failAdd = false }: { role?: CompanyRole; failAdd?: boolean } = {}) {
  const server = createFakeServer();
  const { job } = seedApplicationDrawer(server);
  let team: HiringTeam = { members: [], scorecard_criteria: [...DEFAULT_SCORECARD_CRITERIA], default_criteria: true };
  server.on(hiringTeamContract.get, () => team);
  server.on(hiringTeamContract.pipelineMembers, ({ query }) => {
    const q = (query.get('q') ?? '').toLowerCase();
    const onTeam = new Set(team.members.map((member) => member.user_id));
    return {
      items: [carla, victor].filter((member) => member.name.toLowerCase().includes(q) && !onTeam.has(member.user_id)),
    };
  });
  server.on(hiringTeamContract.add, ({ body }) => {
    if (failAdd)
      return replyError(400, 'validation', hiringTeamTexts.cannotReadPipeline, {
        user_id: hiringTeamTexts.cannotReadPipeline,
      });
    const member = [carla, victor].find((candidate) => candidate.user_id === body.user_id);
    if (!member) return replyError(400, 'validation', hiringTeamTexts.notAMember);
    const added: HiringTeamMember = { ...member, added_at: new Date().toISOString() };
    team = { ...team, members: [...team.members, added] };
    return reply(201, added);
  });
  server.on(hiringTeamContract.remove, ({ query }) => {
    team = { ...team, members: team.members.filter((member) => member.user_id !== query.get('user_id')) };
    return reply(204, undefined);
  });
  server.on(hiringTeamContract.setCriteria, ({ body }) => {
    team = { ...team, scorecard_criteria: body.criteria.map((criterion) => criterion.trim()), default_criteria: false };
    return team;
  });
  const user = companyUser({ company: { id: fakeId(), name: 'Acme', role, currency: 'USD' } });
  const view = await renderRoute(paths.companyJob.getHref({ id: job.id }), { user, server });
  const section = within(await screen.findByRole('region', { name: 'Hiring team' }));
  return { ...view, server, section };
}

describe('The hiring team section', () => {
  it('says everyone hears of a job without a team, adds a colleague found by search and removes them', async () => {
    const { section, events, server } = await openJobPage();
    expect(await section.findByText(/No one is on the team yet/)).toBeInTheDocument();

    // Nothing chosen: the sentence, nothing sent.
    await events.click(section.getByRole('button', { name: 'Add to Team' }));
    expect(await section.findByText(hiringTeamTexts.chooseMember)).toBeInTheDocument();

    await events.type(section.getByRole('searchbox', { name: 'Search colleagues' }), 'carla');
    await expect.poll(() => section.queryByRole('option', { name: /Victor Viewer/ })).toBeNull();
    await events.selectOptions(section.getByRole('combobox', { name: 'Colleague to add' }), carla.user_id);
    await events.click(section.getByRole('button', { name: 'Add to Team' }));
    expect(await section.findByText('carla@acme.test')).toBeInTheDocument();
    expect(await screen.findByText('Added to the hiring team')).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { user_id: carla.user_id },
    ]);

    await events.click(section.getByRole('button', { name: 'Remove Carla Colleague from the hiring team' }));
    expect(await section.findByText(/No one is on the team yet/)).toBeInTheDocument();
  });

  it('shows the server’s sentence when a colleague cannot join', async () => {
    const { section, events } = await openJobPage({ failAdd: true });
    await section.findByRole('option', { name: /Victor Viewer/ });
    await events.selectOptions(section.getByRole('combobox', { name: 'Colleague to add' }), victor.user_id);
    await events.click(section.getByRole('button', { name: 'Add to Team' }));
    expect(await section.findByText(hiringTeamTexts.cannotReadPipeline)).toBeInTheDocument();
  });

  it('edits the scorecard criteria, with a field error for an empty one', async () => {
    const { section, events, server } = await openJobPage();
    const criteria = within(await section.findByRole('list', { name: 'Scorecard criteria' }));
    expect(criteria.getAllByRole('listitem').map((item) => item.textContent)).toEqual([...DEFAULT_SCORECARD_CRITERIA]);

    await events.click(section.getByRole('button', { name: 'Edit Criteria' }));
    await events.click(section.getByRole('button', { name: 'Add Criterion' }));
    await events.click(section.getByRole('button', { name: 'Save Criteria' }));
    expect(await section.findByText(scorecardTexts.criterionRequired)).toBeInTheDocument();
    expect(section.getByRole('textbox', { name: 'Criterion 4' })).toHaveAttribute('aria-invalid', 'true');

    await events.type(section.getByRole('textbox', { name: 'Criterion 4' }), 'Ownership');
    await events.click(section.getByRole('button', { name: 'Remove criterion 1' }));
    await events.click(section.getByRole('button', { name: 'Save Criteria' }));
    const saved = within(await section.findByRole('list', { name: 'Scorecard criteria' }));
    expect(saved.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Communication',
      'Problem solving',
      'Ownership',
    ]);
    expect(server.requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
      { criteria: ['Communication', 'Problem solving', 'Ownership'] },
    ]);
  });

  it('shows a Viewer the team and criteria without the controls to change them', async () => {
    const { section } = await openJobPage({ role: 'viewer' });
    expect(await section.findByRole('list', { name: 'Scorecard criteria' })).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Add to Team' })).not.toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Edit Criteria' })).not.toBeInTheDocument();
  });

  it('offers to try again when the team cannot be loaded', async () => {
    const server = createFakeServer();
    const { job } = seedApplicationDrawer(server);
    let calls = 0;
    server.on(hiringTeamContract.get, () => {
      calls += 1;
      return calls === 1
        ? replyError(403, 'forbidden', 'You cannot see this job’s hiring team.')
        : { members: [], scorecard_criteria: ['Grit'], default_criteria: false };
    });
    const { events } = await renderRoute(paths.companyJob.getHref({ id: job.id }), { user: companyUser(), server });
    const section = within(await screen.findByRole('region', { name: 'Hiring team' }));
    expect(await section.findByText('You cannot see this job’s hiring team.')).toBeInTheDocument();
    await events.click(section.getByRole('button', { name: 'Try again' }));
    expect(await section.findByText('Grit')).toBeInTheDocument();
  });
});
