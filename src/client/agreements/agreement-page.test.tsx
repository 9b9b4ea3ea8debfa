import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicantUser, companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { preloadPages, renderRoute } from '~/client/testing/render-route';
import { type AgreementDetail, signingTexts } from '~/shared/agreements';
import { agreementsContract } from '~/shared/contracts/agreements';
import { paths } from '~/shared/routes';

// One agreement's page (issue 57): the talent signs with consent, a typed name and the emailed code, each missing
// part named at its field; the company countersigns or voids; a load failure and an unknown agreement say so.

const id = fakeId();
const waiting: AgreementDetail = {
  id,
  kind: 'nda',
  title: 'Non-disclosure agreement',
  state: 'awaiting_talent',
  company_id: fakeId(),
  company_name: 'Harbor Goods',
  talent_id: fakeId(),
  talent_name: 'Lena Ortiz',
  role: 'Support Lead',
  application_id: fakeId(),
  assignment_id: null,
  countersign: true,
  blocks_work: true,
  sent_at: '2026-11-29T10:00:00.000Z',
  expires_at: '2026-12-13T10:00:00.000Z',
  completed_at: null,
  decline_reason: null,
  sealed: false,
  body: '# 1. Confidential information\nLena Ortiz keeps Harbor Goods’ secrets.',
  template_version: 1,
  from_template: 'tandem',
  sealed_sha256: null,
  signatures: [],
  can_sign: true,
};

function talentServer(detail: AgreementDetail = waiting) {
  const server = createFakeServer();
  let current = detail;
  server.on(agreementsContract.ownAgreement, () => current);
  server.on(agreementsContract.ownSigningCode, () => ({ message: signingTexts.codeSent }));
  server.on(agreementsContract.signAgreement, ({ body }) => {
    if (body.code !== '123456')
      return replyError(400, 'validation', signingTexts.codeWrong, { code: signingTexts.codeWrong });
    current = {
      ...current,
      state: 'awaiting_company',
      can_sign: false,
      signatures: [
        {
          party: 'talent',
          signer_name: 'Lena Ortiz',
          kind: 'typed',
          typed_name: body.typed_name ?? '',
          drawing: null,
          signed_at: '2026-11-29T11:00:00.000Z',
          identity_check: 'Signed in, code emailed',
        },
      ],
    };
    return { message: signingTexts.signed };
  });
  return server;
}

const openAs = (server: FakeServer, side: 'applicant' | 'company' = 'applicant') =>
  renderRoute(
    side === 'applicant' ? paths.applicantAgreement.getHref({ id }) : paths.companyAgreement.getHref({ id }),
    {
      user:
        side === 'applicant'
          ? applicantUser()
          : companyUser({ company: { id: fakeId(), name: 'Harbor Goods', role: 'owner', currency: 'USD' } }),
      server,
    },
  );

describe('an agreement’s page', () => {
  beforeAll(() => preloadPages(paths.applicantAgreement.getHref({ id }), paths.companyAgreement.getHref({ id })));

  it('names each missing part of a signature at its field, and signs with the emailed code', async () => {
    const server = talentServer();
    const { events } = await openAs(server);
    expect(await screen.findByRole('heading', { level: 1, name: 'Non-disclosure agreement' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'The text of Non-disclosure agreement' })).toHaveTextContent(
      'Lena Ortiz keeps Harbor Goods’ secrets.',
    );
    const form = screen.getByRole('form', { name: 'Sign' });
    await events.click(within(form).getByRole('button', { name: 'Sign Agreement' }));
    expect(await within(form).findByText(signingTexts.typedNameRequired)).toBeInTheDocument();
    expect(within(form).getByText(signingTexts.consentRequired)).toBeInTheDocument();
    expect(within(form).getByText(signingTexts.codeRequired)).toBeInTheDocument();
    expect(server.requests.filter((request) => request.path.endsWith('/sign'))).toHaveLength(0);

    await events.type(within(form).getByLabelText('Full name'), 'Lena Ortiz');
    await events.click(within(form).getByRole('checkbox', { name: /I agree to sign this agreement electronically/ }));
    await events.click(within(form).getByRole('button', { name: 'Email me a code' }));
    expect(await within(form).findByText(signingTexts.codeSent)).toBeInTheDocument();
    await events.type(within(form).getByLabelText('Code from your email'), '654321');
    await events.click(within(form).getByRole('button', { name: 'Sign Agreement' }));
    expect(await within(form).findByText(signingTexts.codeWrong)).toBeInTheDocument();

    await events.clear(within(form).getByLabelText('Code from your email'));
    await events.type(within(form).getByLabelText('Code from your email'), '123456');
    await events.click(within(form).getByRole('button', { name: 'Sign Agreement' }));
    expect(await screen.findByText('Waiting for countersignature')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Sign' })).not.toBeInTheDocument();
    const signed = server.requests.filter((request) => request.path.endsWith('/sign')).map((request) => request.body);
    expect(signed.at(-1)).toEqual({ consent: true, kind: 'typed', typed_name: 'Lena Ortiz', code: '123456' });
  });

  it('says when the agreement cannot be loaded, and when there is no such agreement', async () => {
    const failing = createFakeServer();
    failing.on(agreementsContract.ownAgreement, () => replyError(500, 'internal', 'Something went wrong.'));
    await openAs(failing);
    expect(await screen.findByText(/Something went wrong/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lets the company void an agreement nobody finished signing, after a confirmation', async () => {
    const server = createFakeServer();
    let current: AgreementDetail = { ...waiting, can_sign: false };
    server.on(agreementsContract.companyAgreement, () => current);
    server.on(agreementsContract.voidAgreement, () => {
      current = { ...current, state: 'voided' };
      return { message: signingTexts.voided };
    });
    const { events } = await openAs(server, 'company');
    await events.click(await screen.findByRole('button', { name: 'Void' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Void this agreement?' });
    await events.click(within(confirm).getByRole('button', { name: 'Void Agreement' }));
    expect(await screen.findByText('Voided')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });
});
