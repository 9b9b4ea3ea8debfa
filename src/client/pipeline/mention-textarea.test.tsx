import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedApplicationDrawer } from '~/client/testing/application-drawer-fixture';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, reply, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { hiringTeamContract } from '~/shared/contracts/hiring-team';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { hiringTeamTexts, type PipelineMember } from '~/shared/hiring-team';
import type { ApplicationNote } from '~/shared/pipeline';
import { mentionQueryAt } from './mention-textarea';

// @mentions in the private-note composer: "@" offers the colleagues who may read the pipeline (a combobox
// the keyboard drives), a choice inserts the name, the note is sent with the ids of those still named, and
// a note shows its mentions marked.

const carla: PipelineMember = {
  user_id: fakeId(),
  name: 'Carla Colleague',
  email: 'carla@acme.test',
  role: 'hiring_manager',
};
const carl: PipelineMember = { user_id: fakeId(), name: 'Carl Carter', email: 'carl@acme.test', role: 'admin' };

async function openComposer({ refuse = false, notes = [] as ApplicationNote[] } = {}) {
  const server = createFakeServer();
  const { path } = seedApplicationDrawer(server, { notes });
  server.on(hiringTeamContract.pipelineMembers, ({ query }) => {
    const q = (query.get('q') ?? '').toLowerCase();
    return { items: [carl, carla].filter((member) => member.name.toLowerCase().includes(q)) };
  });
  server.on(pipelineContract.addNote, ({ body }) => {
    if (refuse)
      return replyError(400, 'validation', hiringTeamTexts.cannotReadPipeline, {
        mentions: hiringTeamTexts.cannotReadPipeline,
      });
    const mentioned = [carl, carla].filter((member) => body.mentions?.includes(member.user_id));
    return reply(201, {
      id: fakeId(),
      body: body.body,
      author_id: fakeId(),
      author_name: 'Ada Hiring',
      created_at: new Date().toISOString(),
      mentions: mentioned.map((member) => ({ user_id: member.user_id, name: member.name })),
    });
  });
  const view = await renderRoute(path, { user: companyUser(), server });
  const drawer = within(await screen.findByRole('dialog', { name: 'Application from Grace Hopper' }));
  const note = await drawer.findByRole('combobox', { name: 'Private note' });
  return { ...view, server, drawer, note };
}

describe('@mentions in private notes', () => {
  it('reads the "@…" being typed before the caret', () => {
    expect(mentionQueryAt('Ask @car', 8)).toEqual({ start: 4, query: 'car' });
    expect(mentionQueryAt('mail@car', 8)).toBeNull();
    expect(mentionQueryAt('@Carla Col', 10)).toEqual({ start: 0, query: 'Carla Col' });
    expect(mentionQueryAt('@car\nnext', 9)).toBeNull();
  });

  it('offers colleagues on "@", moves with the arrows, inserts the name with Enter and sends whom it mentions', async () => {
    const { drawer, events, note, server } = await openComposer();
    expect(note).toHaveAttribute('aria-expanded', 'false');
    await events.type(note, 'Please look, @car');
    const listbox = await drawer.findByRole('listbox', { name: 'Colleagues to mention' });
    expect(note).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(() => within(listbox).getAllByRole('option').length).toBe(2);
    const [first, second] = within(listbox).getAllByRole('option');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(note).toHaveAttribute('aria-activedescendant', first?.id);

    await events.keyboard('{ArrowDown}');
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(note).toHaveAttribute('aria-activedescendant', second?.id);
    await events.keyboard('{Enter}');
    expect(note).toHaveValue('Please look, @Carla Colleague ');
    expect(note).toHaveAttribute('aria-expanded', 'false');

    await events.type(note, 'thanks');
    await events.click(drawer.getByRole('button', { name: 'Add Note' }));
    const added = await drawer.findByText('Carla Colleague', { exact: false, selector: 'mark' });
    expect(added).toHaveTextContent('@Carla Colleague');
    expect(server.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { body: 'Please look, @Carla Colleague thanks', mentions: [carla.user_id] },
    ]);
  });

  it('closes the list with Escape and keeps the drawer open; a name deleted from the text is not sent', async () => {
    const { drawer, events, note, server } = await openComposer();
    await events.type(note, '@carl');
    await drawer.findByRole('option', { name: /Carl Carter/ });
    await events.keyboard('{Escape}');
    expect(note).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'Application from Grace Hopper' })).toBeInTheDocument();

    await events.clear(note);
    await events.type(note, '@carl');
    await events.click(await drawer.findByRole('option', { name: /Carl Carter/ }));
    expect(note).toHaveValue('@Carl Carter ');
    await events.clear(note);
    await events.type(note, 'Never mind.');
    await events.click(drawer.getByRole('button', { name: 'Add Note' }));
    await expect
      .poll(() => server.requests.filter((request) => request.method === 'POST').map((request) => request.body))
      .toEqual([{ body: 'Never mind.', mentions: [] }]);
  });

  it('shows the server’s sentence when a mention is refused, and marks mentions in saved notes', async () => {
    const { drawer, events, note } = await openComposer({
      refuse: true,
      notes: [
        {
          id: fakeId(),
          body: 'Over to you @Carl Carter.',
          author_id: fakeId(),
          author_name: 'Olga Owner',
          created_at: new Date().toISOString(),
          mentions: [{ user_id: carl.user_id, name: carl.name }],
        },
      ],
    });
    expect(drawer.getByText('@Carl Carter', { selector: 'mark' })).toBeInTheDocument();
    await events.type(note, '@carla');
    await events.click(await drawer.findByRole('option', { name: /Carla Colleague/ }));
    await events.click(drawer.getByRole('button', { name: 'Add Note' }));
    expect(await drawer.findByText(hiringTeamTexts.cannotReadPipeline)).toBeInTheDocument();
    expect(note).toHaveValue('@Carla Colleague ');
  });
});
