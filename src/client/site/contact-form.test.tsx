import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '~/client/components/ui/toaster';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { contactMessages } from '~/shared/contact-texts';
import { siteContract } from '~/shared/contracts/site';
import { ContactForm } from './contact-form';

// The contact form's behaviour is plain DOM code (contact-form-controls.ts), which the prerendered pages run
// without React; here it runs as the app runs it, on the markup ContactForm renders.

function renderForm(source: 'home' | 'contact_page' = 'contact_page') {
  const server = createFakeServer();
  vi.stubGlobal('fetch', server.fetch);
  render(
    <>
      <ContactForm source={source} />
      <Toaster />
    </>,
  );
  return { server, user: userEvent.setup({ delay: null }) };
}

const send = () => screen.getByRole('button', { name: 'Send Message' });

describe('ContactForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each missing field’s message beside it, focuses the first, and clears one as it is typed into', async () => {
    const { user, server } = renderForm();
    await waitFor(() => expect(send()).toBeEnabled());
    await user.click(send());
    const name = screen.getByLabelText(/^Name/);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(contactMessages.name);
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(contactMessages.email);
    expect(screen.getByLabelText(/^Subject/)).toHaveAccessibleDescription(contactMessages.subject);
    expect(screen.getByLabelText(/^Message/)).toHaveAccessibleDescription(contactMessages.message);
    await user.type(name, 'Morgan');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(contactMessages.name)).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('sends the message, empties the form and thanks the visitor', async () => {
    const { user, server } = renderForm();
    server.on(siteContract.sendContactMessage, () => ({ message: 'Thanks.' }));
    await user.type(screen.getByLabelText(/^Name/), 'Morgan Lee');
    await user.type(screen.getByLabelText(/^Email/), 'Morgan@Example.com');
    await user.type(screen.getByLabelText(/^Subject/), 'A team');
    await user.type(screen.getByLabelText(/^Message/), 'Six people for chat support.');
    await user.click(send());
    expect(
      await screen.findByText("Thank you for contacting us. We'll get back to you within 24 hours."),
    ).toBeVisible();
    expect(screen.getByText('Message Sent!')).toBeVisible();
    // And in the form itself, after the toast has gone.
    expect(within(screen.getByRole('form')).getByRole('status')).toHaveTextContent(
      "Message Sent! Thank you for contacting us. We'll get back to you within 24 hours.",
    );
    expect(server.requests[0]?.body).toMatchObject({
      source: 'contact_page',
      name: 'Morgan Lee',
      subject: 'A team',
      message: 'Six people for chat support.',
    });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(send()).toBeEnabled();
  });

  it('shows the server’s field messages and a too-many-requests message, with the failure toast', async () => {
    const { user, server } = renderForm('home');
    server.on(siteContract.sendContactMessage, () =>
      replyError(429, 'rate_limited', 'Too many messages: try again in an hour.', { email: 'That address bounced.' }),
    );
    await user.type(screen.getByLabelText(/^Name/), 'Morgan Lee');
    await user.type(screen.getByLabelText(/^Email/), 'morgan@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'Six people for chat support.');
    await user.click(send());
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many messages: try again in an hour.');
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('That address bounced.');
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Six people for chat support.');
  });
});
