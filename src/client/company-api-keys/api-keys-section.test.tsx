import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import { createFakeServer, reply } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { type ApiKey, apiKeyResources, apiKeyScopes, apiKeyTexts } from '~/shared/api-keys';
import { companyApiKeysContract } from '~/shared/contracts/company-api-keys';
import { companyWebhooksContract } from '~/shared/contracts/webhooks';
import { paths } from '~/shared/routes';

const owner = companyUser({ company: { id: 'c1', name: 'Acme Robotics', role: 'owner', currency: 'USD' } });
const integrations = `${paths.companySettings.path}?tab=integrations`;
const scopes = apiKeyScopes.map((scope) => {
  const resource = scope.split(':')[0] as keyof typeof apiKeyResources;
  return { scope, resource, label: apiKeyResources[resource].label };
});

function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: '3c0b5a9e-7d1f-4e2a-9b8c-1a2b3c4d5e6f',
    name: 'Greenhouse sync',
    scopes: ['jobs:read', 'applications:write'],
    key_prefix: 'tdk_AbCdEfGh',
    created_at: '2026-11-20T10:00:00.000Z',
    created_by: 'Olive Owner',
    last_used_at: null,
    expires_at: null,
    previous_key_expires_at: null,
    ...overrides,
  };
}

function serverWith(keys: ApiKey[]) {
  const server = createFakeServer();
  server.on(companyApiKeysContract.list, () => ({ keys, scopes, rate_limit_per_minute: 600 }));
  server.on(companyWebhooksContract.list, () => ({ endpoints: [], event_types: [] }));
  return server;
}

// Settings → Integrations: the company's API keys, made with scopes per resource and shown once.
describe('the API keys section', () => {
  it('creates a key with the access chosen per resource, asks for a scope first, and shows the key once', async () => {
    const keys: ApiKey[] = [];
    const server = serverWith(keys);
    let sent: unknown = null;
    server.on(companyApiKeysContract.create, ({ body }) => {
      sent = body;
      const created = apiKey({ name: 'Payroll export', scopes: ['billing:read', 'work:write'] });
      keys.push(created);
      return reply(201, { key: created, secret: 'tdk_c2VjcmV0LXNlY3JldC1zZWNyZXQ' });
    });
    const { events } = await renderRoute(integrations, { user: owner, server });
    expect(await screen.findByText(apiKeyTexts.empty)).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await events.type(within(dialog).getByLabelText('Key name'), 'Payroll export');
    await events.click(within(dialog).getByRole('button', { name: 'Create Key' }));
    expect(await within(dialog).findByText('Choose at least one scope.')).toBeInTheDocument();
    expect(sent).toBeNull();

    await events.selectOptions(within(dialog).getByLabelText('Invoices and payments'), 'read');
    await events.selectOptions(within(dialog).getByLabelText('Assignments and timesheets'), 'write');
    await events.selectOptions(within(dialog).getByLabelText('Expires'), 'never');
    await events.click(within(dialog).getByRole('button', { name: 'Create Key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual({ name: 'Payroll export', scopes: ['work:write', 'billing:read'], expires_in_days: null });
    expect(screen.getByLabelText('Your new API key')).toHaveValue('tdk_c2VjcmV0LXNlY3JldC1zZWNyZXQ');
    const list = await screen.findByRole('list', { name: 'Your company’s API keys' });
    expect(
      within(list).getByText('Assignments and timesheets (read and write), Invoices and payments (read)'),
    ).toBeInTheDocument();
  });

  it('rotates a key after asking, and shows the new one once', async () => {
    const server = serverWith([apiKey()]);
    server.on(companyApiKeysContract.rotate, () => ({
      key: apiKey({ key_prefix: 'tdk_NewNewNe', previous_key_expires_at: '2026-11-30T10:00:00.000Z' }),
      secret: 'tdk_bmV3LWtleS1uZXcta2V5LW5ldw',
    }));
    const { events } = await renderRoute(integrations, { user: owner, server });
    await events.click(await screen.findByRole('button', { name: 'Rotate Greenhouse sync' }));
    await events.click(await screen.findByRole('button', { name: 'Rotate Key' }));
    expect(await screen.findByLabelText('Your new API key')).toHaveValue('tdk_bmV3LWtleS1uZXcta2V5LW5ldw');
    expect(screen.getByText(apiKeyTexts.rotatedDescription)).toBeInTheDocument();
  });
});
