import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicantUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import { paths } from '~/shared/routes';
import { type OwnTaxForm, taxFormTexts } from '~/shared/tax-forms';

// The Tax Form page (issue 56): the form the talent signs, each refusal beside its own field — the schema's
// before anything is sent, and the server's after — and the form on file, masked.

const none: OwnTaxForm = { form: null, standing: 'none', required_for_payouts: true };

async function openTaxForm(own: OwnTaxForm = none) {
  const server = createFakeServer();
  server.fallback(taxFormsContract.own, () => own);
  const view = await renderRoute(paths.applicantTaxForm.getHref(), { user: applicantUser(), server });
  await screen.findByRole('heading', { level: 1, name: 'Tax Form' });
  return { ...view, server };
}

// The field's accessible description holds its hint and its error.
const expectError = (label: string, message: string) =>
  expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message));

describe('Tax Form', () => {
  it('refuses an empty W-8BEN field by field, before anything is sent', async () => {
    const { events, server } = await openTaxForm();
    expect(await screen.findByText(taxFormTexts.noForm)).toBeInTheDocument();
    await events.click(screen.getByRole('radio', { name: /Form W-8BEN \(individual outside the US\)/ }));
    await events.click(screen.getByRole('button', { name: 'Sign Form W-8BEN' }));

    expectError('1. Name of individual who is the beneficial owner', taxFormTexts.legalName);
    expectError('2. Country of citizenship', taxFormTexts.country);
    expectError('3. Permanent residence address (street, apartment or suite)', taxFormTexts.street);
    expectError('6a. Foreign tax identifying number', taxFormTexts.foreignTinOrReason);
    expectError('8. Date of birth', taxFormTexts.dateOfBirth);
    expectError(
      'I certify that I have the capacity to sign for the person identified on line 1 of this form.',
      taxFormTexts.capacityToSign,
    );
    expectError(taxFormTexts.consentLabel, taxFormTexts.consent);
    expect(screen.getByLabelText('1. Name of individual who is the beneficial owner')).toHaveFocus();
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('puts the server’s refusal beside its field, and says so when the form is signed', async () => {
    const { events, server } = await openTaxForm();
    let answers = 0;
    server.on(taxFormsContract.submit, () => {
      answers += 1;
      return answers === 1
        ? replyError(400, 'validation', 'Check the highlighted fields.', { foreign_tin: taxFormTexts.foreignTin })
        : { ...none, replaced: false };
    });
    await events.click(await screen.findByRole('radio', { name: /Form W-8BEN \(individual/ }));
    const paste = async (label: string, text: string) => {
      await events.click(screen.getByLabelText(label));
      await events.paste(text);
    };
    await paste('1. Name of individual who is the beneficial owner', 'Maria Santos');
    await events.selectOptions(screen.getByLabelText('2. Country of citizenship'), 'Philippines');
    await paste('3. Permanent residence address (street, apartment or suite)', '45 Rizal Avenue');
    await paste('City or town, state or province, postal code', 'Makati City 1200');
    await events.selectOptions(screen.getByLabelText('Country of residence'), 'Philippines');
    await paste('6a. Foreign tax identifying number', '123-456-789-000');
    await paste('8. Date of birth', '1990-05-17');
    await events.click(
      screen.getByLabelText(
        'I certify that I have the capacity to sign for the person identified on line 1 of this form.',
      ),
    );
    await paste('Signature: type your name as on line 1', 'Maria Santos');
    await events.click(screen.getByLabelText(taxFormTexts.consentLabel));
    await events.click(screen.getByRole('button', { name: 'Sign Form W-8BEN' }));

    expect(await screen.findByText(taxFormTexts.foreignTin)).toBeInTheDocument();
    expectError('6a. Foreign tax identifying number', taxFormTexts.foreignTin);
    expect(screen.queryByText('Check the highlighted fields.')).not.toBeInTheDocument();
    const [sent] = server.requests.filter((request) => request.method === 'POST');
    expect(sent?.body).toMatchObject({
      kind: 'w8ben',
      legal_name: 'Maria Santos',
      citizenship_country: 'PH',
      residence_country: 'PH',
      date_of_birth: '1990-05-17',
      capacity_to_sign: true,
      consent_to_sign_electronically: true,
    });

    await events.click(screen.getByRole('button', { name: 'Sign Form W-8BEN' }));
    expect(await screen.findByText(taxFormTexts.submitted)).toBeInTheDocument();
  });

  it('checks a W-9’s number by its kind before sending it', async () => {
    const { events } = await openTaxForm();
    await events.click(await screen.findByRole('radio', { name: /Form W-9/ }));
    await events.click(screen.getByLabelText('Number'));
    await events.paste('000-12-3456');
    await events.click(screen.getByRole('button', { name: 'Sign Form W-9' }));
    expectError('Number', taxFormTexts.ssn);
    await events.selectOptions(
      screen.getByLabelText('Part I. Taxpayer identification number'),
      'Employer identification number (EIN)',
    );
    await events.click(screen.getByRole('button', { name: 'Sign Form W-9' }));
    expectError('Number', taxFormTexts.ein);
  });

  it('shows the form on file with its number masked, until when it is valid, and offers a new one', async () => {
    const { events } = await openTaxForm({
      standing: 'on_file',
      required_for_payouts: true,
      form: {
        id: fakeId(),
        kind: 'w8ben',
        signed_at: '2026-01-15T14:30:00.000Z',
        valid_until: '2029-12-31',
        standing: 'on_file',
        legal_name: 'Jonas Reyes',
        business_name: null,
        tax_classification: null,
        citizenship_country: 'CO',
        address: { street: 'Carrera 7 # 71-21', city: 'Bogotá 110231', country: 'CO' },
        mailing_address: null,
        us_tin_type: null,
        us_tin_masked: null,
        foreign_tin_masked: '•••• 13-4',
        foreign_tin_not_required_reason: null,
        date_of_birth: '1991-04-12',
        treaty: null,
        signature_name: 'Jonas Reyes',
      },
    });
    const card = await screen.findByRole('region', { name: 'Form W-8BEN (individual outside the US)' });
    expect(within(card).getByText(taxFormTexts.onFileUntil('Dec 31, 2029'))).toBeInTheDocument();
    expect(within(card).getByText('•••• 13-4')).toBeInTheDocument();
    expect(within(card).getByText('Colombia')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign Form/ })).not.toBeInTheDocument();
    await events.click(within(card).getByRole('button', { name: 'Complete a new form' }));
    expect(screen.getByRole('radio', { name: /Form W-9/ })).toBeInTheDocument();
  });
});
