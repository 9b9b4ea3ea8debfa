import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { companyIdentityContract } from '~/shared/contracts/sso';
import { paths } from '~/shared/routes';
import { type IdentitySettings, ssoTexts } from '~/shared/sso';

const owner = companyUser({ company: { id: 'c1', name: 'Acme Robotics', role: 'owner', currency: 'USD' } });
const security = `${paths.companySettings.path}?tab=company-security`;

function settings(overrides: Partial<IdentitySettings> = {}): IdentitySettings {
  return {
    domain: null,
    domain_verified: false,
    pending_confirmation_email: null,
    protocol: null,
    saml_entry_point: '',
    saml_idp_issuer: '',
    saml_certificate: '',
    oidc_issuer: '',
    oidc_client_id: '',
    has_oidc_client_secret: false,
    require_sso: false,
    jit_provisioning: true,
    default_role: 'viewer',
    service_provider: {
      saml_entity_id: 'https://tandem.test/sso/c1',
      saml_acs_url: 'https://tandem.test/auth/sso/saml/acs',
      saml_metadata_url: 'https://tandem.test/api/auth/sso/saml/c1/metadata',
      oidc_redirect_uri: 'https://tandem.test/api/auth/sso/oidc/callback',
      scim_base_url: 'https://tandem.test/scim/v2',
    },
    scim_token: null,
    ...overrides,
  };
}

// Settings → Security: the domain proved by a code, then the identity provider, then the SCIM token.
describe('the Security tab', () => {
  it('sends a code to an address at the domain, verifies it, and then offers single sign-on', async () => {
    const server = createFakeServer();
    let current = settings();
    server.on(companyIdentityContract.get, () => current);
    server.on(companyIdentityContract.claimDomain, ({ body }) => {
      current = settings({ domain: body.domain, pending_confirmation_email: body.email });
      return current;
    });
    server.on(companyIdentityContract.confirmDomain, ({ body }) => {
      if (body.code !== '482913') {
        return replyError(400, 'validation', ssoTexts.codeInvalid, { code: ssoTexts.codeInvalid });
      }
      current = settings({ domain: 'acme.test', domain_verified: true });
      return current;
    });
    const { events } = await renderRoute(security, { user: owner, server });
    const domainCard = await screen.findByRole('region', { name: ssoTexts.domainTitle });
    expect(screen.getByText(ssoTexts.verifyDomainFirst)).toBeInTheDocument();

    await events.type(within(domainCard).getByLabelText('Domain'), 'gmail.com');
    await events.type(within(domainCard).getByLabelText('Send the code to'), 'me@gmail.com');
    await events.click(within(domainCard).getByRole('button', { name: 'Send code' }));
    expect(await within(domainCard).findByText(ssoTexts.domainPublic)).toBeInTheDocument();

    await events.clear(within(domainCard).getByLabelText('Domain'));
    await events.type(within(domainCard).getByLabelText('Domain'), 'acme.test');
    await events.clear(within(domainCard).getByLabelText('Send the code to'));
    await events.type(within(domainCard).getByLabelText('Send the code to'), 'it@acme.test');
    await events.click(within(domainCard).getByRole('button', { name: 'Send code' }));
    const codeField = await within(domainCard).findByLabelText('Confirmation code');
    await events.type(codeField, '000000');
    await events.click(within(domainCard).getByRole('button', { name: 'Verify domain' }));
    expect(await within(domainCard).findByText(ssoTexts.codeInvalid)).toBeInTheDocument();
    await events.clear(codeField);
    await events.type(codeField, '482913');
    await events.click(within(domainCard).getByRole('button', { name: 'Verify domain' }));
    expect(await within(domainCard).findByText('Verified')).toBeInTheDocument();

    const ssoCard = screen.getByRole('region', { name: ssoTexts.ssoTitle });
    await waitFor(() => expect(within(ssoCard).getByRole('radio', { name: 'SAML 2.0' })).toBeInTheDocument());
  });

  it('saves a SAML provider after showing what the identity provider needs, and puts refusals at their fields', async () => {
    const server = createFakeServer();
    let sent: unknown = null;
    server.on(companyIdentityContract.get, () => settings({ domain: 'acme.test', domain_verified: true }));
    server.on(companyIdentityContract.updateSso, ({ body }) => {
      sent = body;
      return replyError(400, 'validation', ssoTexts.certificateInvalid, {
        saml_certificate: ssoTexts.certificateInvalid,
      });
    });
    const { events } = await renderRoute(security, { user: owner, server });
    const ssoCard = await screen.findByRole('region', { name: ssoTexts.ssoTitle });
    await events.click(within(ssoCard).getByRole('radio', { name: 'SAML 2.0' }));
    expect(within(ssoCard).getByText('https://tandem.test/auth/sso/saml/acs')).toBeInTheDocument();
    await events.type(within(ssoCard).getByLabelText('Sign-on URL'), 'https://idp.acme.test/sso');
    await events.type(within(ssoCard).getByLabelText('Identity provider entity ID'), 'https://idp.acme.test');
    await events.type(within(ssoCard).getByLabelText('Signing certificate (PEM)'), 'nonsense');
    await events.click(within(ssoCard).getByRole('button', { name: 'Save Single Sign-On' }));
    expect(await within(ssoCard).findByText(ssoTexts.certificateInvalid)).toBeInTheDocument();
    expect(sent).toMatchObject({
      protocol: 'saml',
      saml_entry_point: 'https://idp.acme.test/sso',
      default_role: 'viewer',
    });
  });
});
