import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, reply, replyError } from '~/client/testing/fake-server';
import { preloadPages, renderRoute } from '~/client/testing/render-route';
import { type AgreementTemplate, agreementKinds, agreementPlaceholders, agreementTexts } from '~/shared/agreements';
import { agreementsContract } from '~/shared/contracts/agreements';
import type { CompanyRole } from '~/shared/permissions';
import { paths } from '~/shared/routes';

// Settings → Agreements (issue 57): Tandem's templates read and copied, the company's own written with a live
// preview that fills the merge fields, an unknown field refused at the text, each save a version; read only for
// the hiring roles.

const defaults: AgreementTemplate[] = agreementKinds.map((kind) => ({
  id: `tandem-${kind}`,
  kind,
  name: `Tandem ${kind}`,
  source: 'tandem',
  version: 1,
  body: `# ${kind}\nBetween {{company_name}} and {{talent_name}}.`,
  updated_at: null,
  updated_by_name: null,
}));

function fakeAgreements(server: FakeServer, own: AgreementTemplate[] = []) {
  server.on(agreementsContract.templates, ({ query }) => ({
    defaults,
    items: own,
    total: own.length,
    page: Number(query.get('page') ?? 1),
    page_size: Number(query.get('page_size') ?? 10),
  }));
  server.on(agreementsContract.createTemplate, ({ body }) => {
    const created: AgreementTemplate = {
      id: fakeId(),
      ...body,
      source: 'company',
      version: 1,
      updated_at: '2026-11-29T10:00:00.000Z',
      updated_by_name: 'Ada Hiring',
    };
    own.push(created);
    return reply(201, created);
  });
  server.on(agreementsContract.updateTemplate, ({ params, body }) => {
    const found = own.find((template) => template.id === params.id);
    if (!found) throw new Error('No such template');
    Object.assign(found, body, { version: found.version + 1 });
    return found;
  });
  return own;
}

async function openAgreements(server: FakeServer, role: CompanyRole = 'owner') {
  await renderRoute(`${paths.companySettings.getHref()}?tab=agreements`, {
    user: companyUser({ company: { id: fakeId(), name: 'Harbor Goods', role, currency: 'USD' } }),
    server,
  });
  return {
    events: userEvent.setup({ delay: null }),
    section: await screen.findByRole('region', { name: 'Agreement templates' }),
  };
}

beforeAll(() => preloadPages(paths.companySettings.getHref()));

describe('agreement templates in Settings', () => {
  it('makes a template from Tandem’s, previewing the merge fields filled, and refuses an unknown field', async () => {
    const server = createFakeServer();
    const own = fakeAgreements(server);
    const { events, section } = await openAgreements(server);
    expect(await within(section).findByText('No templates of your own yet: your hires sign Tandem’s.')).toBeVisible();

    await events.click(within(section).getByRole('button', { name: 'Make a template of your own from Tandem nda' }));
    const dialog = await screen.findByRole('dialog', { name: 'New agreement template' });
    expect(within(dialog).getByLabelText('Kind')).toHaveValue('nda');
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Between Harbor Goods Ltd and Lena Ortiz.');

    await events.type(within(dialog).getByLabelText('Name'), 'Harbor NDA');
    const text = within(dialog).getByLabelText('Text');
    // Agreement text is mostly pasted in.
    await events.click(text);
    await events.paste(' Dear {{first_name}}.');
    await events.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await within(dialog).findByText(agreementPlaceholders.unknownMessage(['{{first_name}}']))).toBeVisible();
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);

    await events.clear(text);
    await events.paste('Notice: {{notice_period}}.');
    expect(preview).toHaveTextContent('Notice: 14 days.');
    await events.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText(agreementTexts.created)).toBeVisible();
    expect(own).toMatchObject([{ kind: 'nda', name: 'Harbor NDA', body: 'Notice: {{notice_period}}.' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('saves a change as the next version', async () => {
    const server = createFakeServer();
    fakeAgreements(server, [
      {
        id: fakeId(),
        kind: 'contractor_agreement',
        name: 'Harbor contract',
        source: 'company',
        version: 3,
        body: 'Rate: {{rate}}.',
        updated_at: '2026-11-20T10:00:00.000Z',
        updated_by_name: 'Olive Owner',
      },
    ]);
    const { events, section } = await openAgreements(server);
    const table = await within(section).findByRole('table', { name: 'Your agreement templates' });
    expect(within(table).getByRole('row', { name: /Harbor contract.*version 3.*Olive Owner/ })).toBeVisible();
    await events.click(within(table).getByRole('button', { name: 'Edit Harbor contract' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit agreement template' });
    await events.click(within(dialog).getByLabelText('Text'));
    await events.paste(' Paid weekly.');
    await events.click(within(dialog).getByRole('button', { name: 'Save new version' }));
    expect(await screen.findByText(agreementTexts.saved)).toBeVisible();
    expect(await within(table).findByRole('row', { name: /Harbor contract.*version 4/ })).toBeVisible();
  });

  it('lets a Hiring Manager read the templates but offers no way to change them', async () => {
    const server = createFakeServer();
    fakeAgreements(server);
    const { events, section } = await openAgreements(server, 'hiring_manager');
    await within(section).findByText('Tandem nda');
    expect(within(section).queryByRole('button', { name: 'New template' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Make a template of your own/ })).not.toBeInTheDocument();
    await events.click(within(section).getByRole('button', { name: 'Read Tandem nda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tandem nda' });
    expect(within(dialog).getByRole('region', { name: 'Preview' })).toHaveTextContent(
      'Between Harbor Goods Ltd and Lena Ortiz.',
    );
  });

  it('says when the templates cannot be loaded and loads them again', async () => {
    const server = createFakeServer();
    let fail = true;
    server.on(agreementsContract.templates, ({ query }) => {
      if (fail) return replyError(503, 'unavailable', 'We cannot reach our database right now.');
      return { defaults, items: [], total: 0, page: Number(query.get('page') ?? 1), page_size: 10 };
    });
    const { events, section } = await openAgreements(server);
    expect(await within(section).findByText('We cannot reach our database right now.')).toBeVisible();
    fail = false;
    await events.click(within(section).getByRole('button', { name: 'Try Again' }));
    expect(await within(section).findByText('Tandem nda')).toBeVisible();
  });
});
