import { z } from 'zod';
import { defineContract, fileOf } from '../contract';
import { idParams } from '../contract-schemas';
import {
  adminTaxFormSchema,
  changeTaxDataReaderSchema,
  ownTaxFormSchema,
  revealedTaxIdsSchema,
  submitTaxFormSchema,
  taxDataReadersSchema,
  taxFormQueueQuerySchema,
  taxFormQueueSchema,
} from '../tax-forms';
import {
  issuedNecFormsSchema,
  issueNecFormsSchema,
  necListQuerySchema,
  necRecipientsSchema,
  necYearQuerySchema,
  ownNecFormsSchema,
} from '../year-end-forms';

const applicantParams = idParams('applicant');
const adminParams = idParams('administrator');
const necFormParams = idParams('Form 1099-NEC');

// Tax forms from talent (issue 56): the talent's W-9 or W-8BEN, and what administrators see of it — masked,
// unless they hold the tax data reader grant another administrator gave them; every reveal is audited.
export const taxFormsContract = defineContract(
  { name: 'taxForms', tags: ['applicant', 'admin', 'tax-forms'] },
  {
    own: {
      method: 'GET',
      path: '/api/applicant/tax-form',
      summary: 'Your tax form in force, its numbers masked, and whether payouts wait for one',
      responses: { 200: ownTaxFormSchema },
    },
    submit: {
      method: 'POST',
      path: '/api/applicant/tax-form',
      summary:
        'Sign a W-9 or a W-8BEN electronically: the IRS form is filled from it and kept, and it replaces the one before',
      body: submitTaxFormSchema,
      responses: { 201: ownTaxFormSchema.extend({ replaced: z.boolean() }) },
    },
    ownPdf: {
      method: 'GET',
      path: '/api/applicant/tax-form/pdf',
      summary: 'Your tax form in force as the IRS form you signed (PDF)',
      responses: { 200: fileOf('application/pdf') },
    },
    applicant: {
      method: 'GET',
      path: '/api/admin/applicants/:id/tax-form',
      summary: 'An applicant’s tax form in force, its numbers masked, and whether you may reveal them',
      params: applicantParams,
      responses: { 200: adminTaxFormSchema },
    },
    reveal: {
      method: 'POST',
      path: '/api/admin/applicants/:id/tax-form/reveal',
      summary: 'An applicant’s whole tax identification numbers (the tax data reader grant; recorded in the audit log)',
      params: applicantParams,
      responses: { 200: revealedTaxIdsSchema },
    },
    applicantPdf: {
      method: 'GET',
      path: '/api/admin/applicants/:id/tax-form/pdf',
      summary: 'An applicant’s signed IRS form (the tax data reader grant; recorded in the audit log)',
      params: applicantParams,
      responses: { 200: fileOf('application/pdf') },
    },
    queue: {
      method: 'GET',
      path: '/api/admin/tax-forms',
      summary:
        'Talents whose payouts wait or soon will for a tax form: those who have worked with none on file, W-8BENs ending within 60 days, and those ended; a page at a time, with each state’s count',
      query: taxFormQueueQuerySchema,
      responses: { 200: taxFormQueueSchema },
    },
    ownNecForms: {
      method: 'GET',
      path: '/api/applicant/tax-forms/1099-nec',
      summary: 'Your Forms 1099-NEC in force, the latest year first',
      responses: { 200: ownNecFormsSchema },
    },
    ownNecFormPdf: {
      method: 'GET',
      path: '/api/applicant/tax-forms/1099-nec/:id/pdf',
      summary: 'Your copy (Copy B) of a Form 1099-NEC, as issued',
      params: necFormParams,
      responses: { 200: fileOf('application/pdf') },
    },
    necRecipients: {
      method: 'GET',
      path: '/api/admin/tax-forms/1099-nec',
      summary:
        'A year’s US persons (a W-9 on file) paid the year’s threshold in dollars: what the ledger says was paid beside the Form 1099-NEC issued, a page at a time',
      query: necListQuerySchema,
      responses: { 200: necRecipientsSchema },
    },
    issueNecForms: {
      method: 'POST',
      path: '/api/admin/tax-forms/1099-nec',
      summary:
        'Issue a year that has ended: a Form 1099-NEC to each US person paid the threshold, a corrected one where what was issued changed; each talent is emailed',
      body: issueNecFormsSchema,
      responses: { 200: issuedNecFormsSchema },
    },
    necFormPdf: {
      method: 'GET',
      path: '/api/admin/tax-forms/1099-nec/:id/pdf',
      summary: 'A Form 1099-NEC’s Copy B, as issued (its TIN truncated to the last four)',
      params: necFormParams,
      responses: { 200: fileOf('application/pdf') },
    },
    necFilingFile: {
      method: 'GET',
      path: '/api/admin/tax-forms/1099-nec.csv',
      summary:
        'The year’s Forms 1099-NEC as a filing service imports them, whole TINs included (the tax data reader grant; recorded in the audit log)',
      query: necYearQuerySchema,
      responses: { 200: fileOf('text/csv') },
    },
    readers: {
      method: 'GET',
      path: '/api/admin/tax-data-readers',
      summary: 'Every administrator, and who holds the tax data reader grant',
      responses: { 200: taxDataReadersSchema },
    },
    changeReader: {
      method: 'PUT',
      path: '/api/admin/tax-data-readers/:id',
      summary: 'Give or take another administrator’s tax data reader grant; recorded in the audit log',
      params: adminParams,
      body: changeTaxDataReaderSchema,
      responses: { 200: z.object({ message: z.string() }) },
    },
  },
);
