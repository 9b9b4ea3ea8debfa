import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import { createFakeServer, reply, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { companyWebhooksContract } from '~/shared/contracts/webhooks';
import { paths } from '~/shared/routes';
import {
  companyWebhookEventTypes,
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookEventCatalogue,
  webhookTexts,
} from '~/shared/webhooks';

const owner = companyUser({ company: { id: 'c1', name: 'Acme Robotics', role: 'owner', currency: 'USD' } });
const integrations = `${paths.companySettings.path}?tab=integrations`;
const eventTypes = companyWebhookEventTypes.map((type) => ({
  type,
  description: webhookEventCatalogue[type].description,
}));

function endpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: '0b7f6a3e-3c1e-4a53-9d7e-7d1f0f7a2b10',
    url: 'https://hr.acme.test/hooks/tandem',
    description: 'HR system',
    event_types: ['member.joined', 'member.left'],
    enabled: true,
    disabled_reason: null,
    disabled_at: null,
    secret_prefix: 'whsec_AbCdEfGh',
    previous_secret_expires_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function delivery(index: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: `9a1e2c3d-0000-4000-8000-00000000000${index}`,
    message_id: `msg_5b6c7d8e-0000-4000-8000-00000000000${index}`,
    event_type: 'member.joined',
    status: 'succeeded',
    attempts: 1,
    last_status_code: 200,
    next_attempt_at: null,
    created_at: `2026-11-2${index}T10:00:00.000Z`,
    ...overrides,
  };
}

// Settings → Integrations: a company's webhook endpoints, added with a secret shown once, and their deliveries.
describe('the Integrations tab', () => {
  it('says there are no endpoints, adds one with the events chosen, and shows its secret once', async () => {
    const server = createFakeServer();
    const endpoints: WebhookEndpoint[] = [];
    let sent: unknown = null;
    server.on(companyWebhooksContract.list, () => ({ endpoints, event_types: eventTypes }));
    server.on(companyWebhooksContract.create, ({ body }) => {
      sent = body;
      const created = endpoint({ url: 'https://hooks.acme.test/in', description: '', event_types: ['invoice.paid'] });
      endpoints.push(created);
      return reply(201, { endpoint: created, secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2Vj' });
    });
    const { events } = await renderRoute(integrations, { user: owner, server });
    expect(await screen.findByText(webhookTexts.empty)).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: webhookTexts.addEndpoint }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    // Nothing chosen: both fields say why, and nothing is sent.
    await events.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(await within(dialog).findByText(webhookTexts.urlRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(webhookTexts.eventsRequired)).toBeInTheDocument();
    expect(sent).toBeNull();

    await events.type(within(dialog).getByLabelText('Endpoint URL'), 'https://hooks.acme.test/in');
    await events.click(within(dialog).getByRole('checkbox', { name: 'invoice.paid' }));
    await events.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual({ url: 'https://hooks.acme.test/in', description: '', event_types: ['invoice.paid'] });
    expect(screen.getByLabelText('The endpoint’s signing secret')).toHaveValue(
      'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2Vj',
    );
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(within(list).getByText('https://hooks.acme.test/in')).toBeInTheDocument();
  });

  it('puts the server’s refusal of an address at the field', async () => {
    const server = createFakeServer();
    server.on(companyWebhooksContract.list, () => ({ endpoints: [], event_types: eventTypes }));
    server.on(companyWebhooksContract.create, () =>
      replyError(400, 'validation', webhookTexts.urlPrivate, { url: webhookTexts.urlPrivate }),
    );
    const { events } = await renderRoute(integrations, { user: owner, server });
    await screen.findByText(webhookTexts.empty);
    await events.click(screen.getByRole('button', { name: webhookTexts.addEndpoint }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await events.type(within(dialog).getByLabelText('Endpoint URL'), 'https://10.0.0.8/in');
    await events.click(within(dialog).getByRole('checkbox', { name: 'Every event' }));
    await events.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(await within(dialog).findByText(webhookTexts.urlPrivate)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows an endpoint turned off by failures, its deliveries a page at a time, and one delivery’s attempts', async () => {
    const server = createFakeServer();
    const off = endpoint({ enabled: false, disabled_reason: 'failures', disabled_at: '2026-11-26T08:00:00.000Z' });
    server.on(companyWebhooksContract.list, () => ({ endpoints: [off], event_types: eventTypes }));
    server.on(companyWebhooksContract.deliveries, ({ query }) =>
      query.get('after')
        ? { items: [delivery(1)], next_cursor: null }
        : {
            items: [delivery(3, { status: 'failed', attempts: 8, last_status_code: 500 }), delivery(2)],
            next_cursor: 'Y3Vyc29y',
          },
    );
    server.on(companyWebhooksContract.delivery, () => ({
      ...delivery(3, { status: 'failed', attempts: 8, last_status_code: 500 }),
      payload: JSON.stringify({
        type: 'member.joined',
        timestamp: '2026-11-23T10:00:00.000Z',
        data: { email: 'a@b.c' },
      }),
      attempt_log: [
        {
          attempted_at: '2026-11-23T10:00:01.000Z',
          status_code: 500,
          error: 'The receiver answered HTTP 500.',
          duration_ms: 31,
          response_body: 'down',
          replay: false,
        },
      ],
    }));
    const { events } = await renderRoute(integrations, { user: owner, server });
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(within(list).getByText(webhookTexts.disabledByFailures)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Turn on' })).toBeInTheDocument();

    await events.click(within(list).getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('region', { name: `Deliveries to ${off.url}` });
    const rows = await within(log).findAllByRole('row');
    expect(rows).toHaveLength(3);
    // Sending again waits until the endpoint is on.
    for (const button of within(log).getAllByRole('button', { name: 'Send again' })) expect(button).toBeDisabled();

    await events.click(within(log).getAllByRole('button', { name: 'Details' })[0] as HTMLElement);
    expect(await within(log).findByText(/The receiver answered HTTP 500\./)).toBeInTheDocument();
    expect(within(log).getByText(/"email": "a@b.c"/)).toBeInTheDocument();

    await events.click(within(log).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(2));
    expect(within(log).getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(within(log).getByRole('button', { name: 'Newer' })).toBeEnabled();
  });

  it('says when the endpoints cannot be loaded, and tries again', async () => {
    const server = createFakeServer();
    let calls = 0;
    server.on(companyWebhooksContract.list, () => {
      calls += 1;
      // A refusal is not retried by itself (a server error would be, twice, before the page says so).
      return calls === 1
        ? replyError(403, 'forbidden', 'You do not have permission to do that.')
        : { endpoints: [endpoint()], event_types: eventTypes };
    });
    const { events } = await renderRoute(integrations, { user: owner, server });
    expect(await screen.findByText('You do not have permission to do that.')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'Webhook endpoints' })).toBeInTheDocument();
  });
});
