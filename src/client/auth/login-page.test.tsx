import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { authMessages } from '~/shared/auth';
import { authContract } from '~/shared/contracts/auth';
import { paths } from '~/shared/routes';

// The Register tab asks for the agreement to the Terms of Service and Privacy Policy: a required box whose
// links open the two documents, an error beside it while unticked, and the agreement sent with the account.

async function openRegister(query = '?tab=register') {
  const server = createFakeServer();
  server.on(authContract.providers, () => ({
    providers: [
      { id: 'google' as const, name: 'Google', enabled: true, setting: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET' },
    ],
  }));
  let sent: unknown = null;
  server.on(authContract.register, ({ body }) => {
    sent = body;
    return replyError(409, 'conflict', authMessages.emailTaken, { email: authMessages.emailTaken });
  });
  const view = await renderRoute(`${paths.login.getHref()}${query}`, { server });
  const form = await screen.findByRole('tabpanel', { name: 'Register' });
  return { ...view, form, sent: () => sent };
}

describe('the Register tab', () => {
  it('asks for the agreement to the terms, refuses to register without it, and sends it once ticked', async () => {
    const { events, form, server, sent } = await openRegister();
    await events.type(within(form).getByLabelText('Full name'), 'Casey Company');
    await events.type(within(form).getByLabelText('Company name'), 'Casey Widgets');
    await events.type(within(form).getByLabelText('Email'), 'casey@example.test');
    await events.type(within(form).getByLabelText('Password'), 'amber-kettle-55');
    const consent = within(form).getByRole('checkbox', {
      name: 'I agree to the Terms of Service and Privacy Policy',
    });
    expect(consent).not.toBeChecked();

    await events.click(within(form).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(consent).toHaveAccessibleDescription(authMessages.termsRequired));
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveFocus();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await events.click(consent);
    expect(consent).toBeChecked();
    await events.click(within(form).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(sent()).toMatchObject({ email: 'casey@example.test', accept_terms: true }));
    expect(within(form).queryByText(authMessages.termsRequired)).not.toBeInTheDocument();
  });

  // From a job page: someone looking for work, not a company (they would fail on "Company name", or make a
  // company that cannot apply), sent back to the job once registered.
  it('registers someone looking for work when the link says so, and sends where they were going', async () => {
    const going = '/jobs/5b0b5d0e-8d1f-4d55-9d52-3c3c5c1b2a10?apply=1';
    const { events, form, sent } = await openRegister(
      `?${new URLSearchParams({ tab: 'register', as: 'applicant', redirect: going })}`,
    );
    expect(within(form).getByRole('radio', { name: /I'm looking for work/ })).toBeChecked();
    expect(within(form).queryByLabelText('Company name')).not.toBeInTheDocument();
    await events.type(within(form).getByLabelText('Full name'), 'Nadia Haddad');
    await events.type(within(form).getByLabelText('Email'), 'nadia@example.test');
    await events.type(within(form).getByLabelText('Password'), 'violet-ridge-29');
    await events.click(
      within(form).getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }),
    );
    await events.click(within(form).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(sent()).toMatchObject({ account_type: 'applicant', redirect: going }));
    expect(sent()).not.toHaveProperty('company_name');
  });

  it('links the box to the canonical Terms of Service and Privacy Policy pages', async () => {
    const { form } = await openRegister();
    const label = within(form).getByText(
      (_, element) => element?.tagName === 'LABEL' && /^I agree/.test(element.textContent ?? ''),
    );
    expect(within(label).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      paths.terms.getHref(),
    );
    expect(within(label).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      paths.privacy.getHref(),
    );
  });

  it('says beside the identity providers that continuing agrees to the terms, and carries that agreement', async () => {
    const { form } = await openRegister();
    const google = await within(form).findByRole('link', { name: 'Sign in with Google' });
    expect(new URL(google.getAttribute('href') ?? '', 'http://localhost').searchParams.get('accept_terms')).toBe(
      'true',
    );
    expect(within(form).getByText(/By continuing with a provider, you agree to the/)).toBeInTheDocument();
  });
});
