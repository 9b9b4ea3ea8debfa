import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeId } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, reply, replyError } from '~/client/testing/fake-server';
import { messageTemplatesContract } from '~/shared/contracts/message-templates';
import { type MessageTemplate, messageTemplateTexts, unknownPlaceholderMessage } from '~/shared/message-templates';
import { MessageTemplatesSection } from './message-templates-section';

// Settings → Message templates: the company's templates a page at a time, written with their placeholders
// documented and an unknown one refused at its field, changed and deleted; read only for a Viewer.

function template(name: string, body = 'Hi {{first_name}}'): MessageTemplate {
  const now = new Date().toISOString();
  return { id: fakeId(), name, body, created_by_name: 'Ada Hiring', created_at: now, updated_at: now };
}

// A fake store of templates, by name, paged as the server pages them.
function fakeTemplates(server: FakeServer, templates: MessageTemplate[]) {
  server.on(messageTemplatesContract.list, ({ query }) => {
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('page_size') ?? 20);
    const sorted = [...templates].sort((left, right) => left.name.localeCompare(right.name));
    return {
      items: sorted.slice((page - 1) * pageSize, page * pageSize),
      total: templates.length,
      page,
      page_size: pageSize,
    };
  });
  server.on(messageTemplatesContract.create, ({ body }) => {
    const created = template(body.name, body.body);
    templates.push(created);
    return created;
  });
  server.on(messageTemplatesContract.update, ({ params, body }) => {
    const found = templates.find((item) => item.id === params.id);
    if (!found) return replyError(404, 'not_found', messageTemplateTexts.notFound);
    Object.assign(found, body);
    return found;
  });
  server.on(messageTemplatesContract.remove, ({ params }) => {
    templates.splice(
      templates.findIndex((item) => item.id === params.id),
      1,
    );
    return reply(204);
  });
  return templates;
}

function renderSection(server: FakeServer, canEdit = true) {
  vi.stubGlobal('fetch', server.fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MessageTemplatesSection canEdit={canEdit} />
    </QueryClientProvider>,
  );
  return {
    events: userEvent.setup({ delay: null }),
    section: screen.getByRole('region', { name: 'Message templates' }),
  };
}

const writes = (server: FakeServer) => server.requests.filter((request) => request.method !== 'GET');

describe('message templates in Settings', () => {
  it('lists them a page at a time from the server', async () => {
    const server = createFakeServer();
    fakeTemplates(
      server,
      Array.from({ length: 12 }, (_, index) => template(`Template ${String(index + 1).padStart(2, '0')}`)),
    );
    const { section, events } = renderSection(server);
    const list = await within(section).findByRole('list', { name: 'Message templates' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await events.click(within(section).getByRole('button', { name: 'Next page' }));
    await within(section).findByText('Template 11');
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
    expect(server.requests.at(-1)?.query.get('page')).toBe('2');
  });

  it('writes one: placeholders documented, an unknown one refused at its field before anything is sent', async () => {
    const server = createFakeServer();
    fakeTemplates(server, []);
    const { section, events } = renderSection(server);
    expect(await within(section).findByText('No message templates yet')).toBeVisible();

    await events.click(within(section).getByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    for (const placeholder of ['{{first_name}}', '{{job_title}}', '{{company_name}}']) {
      expect(within(dialog).getByText(placeholder)).toBeVisible();
    }
    await events.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText(messageTemplateTexts.nameRequired)).toBeVisible();
    expect(within(dialog).getByText(messageTemplateTexts.bodyRequired)).toBeVisible();

    await events.type(within(dialog).getByLabelText('Name'), 'Interview invite');
    await events.type(within(dialog).getByLabelText('Message'), 'Hi {{{{salary}}, see you');
    await events.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText(unknownPlaceholderMessage(['{{salary}}']))).toBeVisible();
    expect(within(dialog).getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(writes(server)).toHaveLength(0);

    await events.clear(within(dialog).getByLabelText('Message'));
    await events.type(within(dialog).getByLabelText('Message'), 'Hi {{{{first_name}}, see you');
    await events.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(server)[0]?.body).toEqual({ name: 'Interview invite', body: 'Hi {{first_name}}, see you' });
    expect(await within(section).findByText('Interview invite')).toBeVisible();
  });

  it('shows the server’s refusal next to its field', async () => {
    const server = createFakeServer();
    fakeTemplates(server, []);
    server.on(messageTemplatesContract.create, () =>
      replyError(400, 'validation', 'Check the highlighted fields.', { body: 'The server says no.' }),
    );
    const { section, events } = renderSection(server);
    await events.click(await within(section).findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    await events.type(within(dialog).getByLabelText('Name'), 'Welcome');
    await events.type(within(dialog).getByLabelText('Message'), 'Welcome aboard');
    await events.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText('The server says no.')).toBeVisible();
  });

  it('changes and deletes one', async () => {
    const server = createFakeServer();
    const templates = fakeTemplates(server, [template('Follow-up', 'Still keen, {{first_name}}?')]);
    const { section, events } = renderSection(server);

    await events.click(await within(section).findByRole('button', { name: 'Edit Follow-up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Still keen, {{first_name}}?');
    await events.clear(within(dialog).getByLabelText('Name'));
    await events.type(within(dialog).getByLabelText('Name'), 'Follow up');
    await events.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(section).findByText('Follow up')).toBeVisible();

    await events.click(within(section).getByRole('button', { name: 'Delete Follow up' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Follow up?' });
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(section).findByText('No message templates yet')).toBeVisible();
    expect(templates).toHaveLength(0);
  });

  it('is read only for a member who may not write them', async () => {
    const server = createFakeServer();
    fakeTemplates(server, [template('Follow-up')]);
    const { section } = renderSection(server, false);
    expect(await within(section).findByText('Follow-up')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'New template' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Edit Follow-up' })).toBeNull();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    const server = createFakeServer();
    server.on(messageTemplatesContract.list, () => replyError(500, 'internal', messageTemplateTexts.loadError));
    const { section, events } = renderSection(server);
    expect(await within(section).findByText(messageTemplateTexts.loadError)).toBeVisible();
    fakeTemplates(server, [template('Follow-up')]);
    await events.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('Follow-up')).toBeVisible();
  });
});
