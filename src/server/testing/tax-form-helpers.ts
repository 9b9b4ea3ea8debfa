import type { W8benFormInput, W9FormInput } from '~/shared/tax-forms';
import { buildTaxForm } from '../seed/tax-form-factories';
import type { TestApp } from './test-app';

// A tax form as a talent fills it in, valid, for the tests to change a field of.
export const validW9 = (name: string): W9FormInput => ({
  kind: 'w9',
  legal_name: name,
  business_name: '',
  tax_classification: 'individual',
  address_street: '100 Congress Ave, Apt 4',
  address_city: 'Austin, TX 78701',
  tin_type: 'ssn',
  tin: '123-45-6789',
  signature_name: name,
  consent_to_sign_electronically: true,
});

export const validW8ben = (name: string): W8benFormInput => ({
  kind: 'w8ben',
  legal_name: name,
  citizenship_country: 'PH',
  residence_street: '45 Rizal Avenue',
  residence_city: 'Makati City 1200, Metro Manila',
  residence_country: 'PH',
  foreign_tin: '123-456-789-000',
  date_of_birth: '1990-05-17',
  treaty_claim: true,
  treaty_country: 'PH',
  treaty_article: '14(1)',
  treaty_rate: '0',
  treaty_income_type: 'Independent personal services',
  treaty_conditions: '',
  capacity_to_sign: true,
  signature_name: name,
  consent_to_sign_electronically: true,
});

// The W-9 on file a test's talent needs to be paid while System Settings ask for one (issue 56).
export const taxFormOnFile = (testApp: TestApp, applicantId: string) =>
  buildTaxForm(testApp.database.db, { cipher: testApp.app.appContext.taxIds, applicantId });
