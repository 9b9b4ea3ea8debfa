import { z } from 'zod';
import {
  agreementDetailSchema,
  agreementListQuerySchema,
  agreementListSchema,
  agreementSettingsSchema,
  agreementTemplateListQuerySchema,
  agreementTemplateSchema,
  agreementTemplatesSchema,
  agreementTemplateVersionsSchema,
  createAgreementTemplateSchema,
  declineAgreementSchema,
  signAgreementSchema,
  updateAgreementSettingsSchema,
  updateAgreementTemplateSchema,
} from '../agreements';
import { defineContract, fileOf } from '../contract';
import { idParams, noContent } from '../contract-schemas';

const templateParams = idParams('agreement template');
const agreementParams = idParams('agreement');
const done = z.object({ message: z.string() });

// Agreements signed before work starts (issue 57): the templates a company makes its hires' agreements from —
// Tandem's defaults and its own, each save of its own a version kept.
export const agreementsContract = defineContract(
  { name: 'agreements', tags: ['company', 'agreements'] },
  {
    templates: {
      method: 'GET',
      path: '/api/company/agreement-templates',
      summary: 'Tandem’s default agreement templates, and the company’s own at their current version, a page at a time',
      query: agreementTemplateListQuerySchema,
      responses: { 200: agreementTemplatesSchema },
    },
    createTemplate: {
      method: 'POST',
      path: '/api/company/agreement-templates',
      summary: 'A new agreement template of the company’s, version 1; its merge fields must be known ones',
      body: createAgreementTemplateSchema,
      responses: { 201: agreementTemplateSchema },
    },
    updateTemplate: {
      method: 'PUT',
      path: '/api/company/agreement-templates/:id',
      summary: 'Save a template’s next version (the ones before are kept); a save that changes nothing makes none',
      params: templateParams,
      body: updateAgreementTemplateSchema,
      responses: { 200: agreementTemplateSchema },
    },
    templateVersions: {
      method: 'GET',
      path: '/api/company/agreement-templates/:id/versions',
      summary: 'Every version of a company template, the latest first, a page at a time',
      params: templateParams,
      query: agreementTemplateListQuerySchema,
      responses: { 200: agreementTemplateVersionsSchema },
    },
    archiveTemplate: {
      method: 'DELETE',
      path: '/api/company/agreement-templates/:id',
      summary: 'Offer a template no more; it and its versions stay for the agreements made from them',
      params: templateParams,
      responses: { 204: noContent },
    },
    settings: {
      method: 'GET',
      path: '/api/company/agreement-settings',
      summary:
        'How the company’s hires sign: the agreements an offer starts with, countersigning, whether work waits, the terms merge fields take',
      responses: { 200: agreementSettingsSchema },
    },
    updateSettings: {
      method: 'PUT',
      path: '/api/company/agreement-settings',
      summary: 'Change how the company’s hires sign (Owner and Admins)',
      body: updateAgreementSettingsSchema,
      responses: { 200: agreementSettingsSchema },
    },
    companyAgreements: {
      method: 'GET',
      path: '/api/company/agreements',
      summary: 'The agreements sent to the company’s hires, the latest first, by state, searchable, a page at a time',
      query: agreementListQuerySchema,
      responses: { 200: agreementListSchema },
    },
    companyAgreement: {
      method: 'GET',
      path: '/api/company/agreements/:id',
      summary: 'One agreement: its words as sent, who signed and how, and whether you may countersign now',
      params: agreementParams,
      responses: { 200: agreementDetailSchema },
    },
    companySigningCode: {
      method: 'POST',
      path: '/api/company/agreements/:id/code',
      summary: 'Email yourself the 6-digit code that confirms your countersignature',
      params: agreementParams,
      responses: { 200: done },
    },
    countersign: {
      method: 'POST',
      path: '/api/company/agreements/:id/countersign',
      summary:
        'Countersign after the talent has signed: consent, a typed or drawn signature, and the emailed code; the last signature seals the PDF',
      params: agreementParams,
      body: signAgreementSchema,
      responses: { 200: done },
    },
    remindAgreement: {
      method: 'POST',
      path: '/api/company/agreements/:id/remind',
      summary: 'Remind the talent to sign (at most once a day)',
      params: agreementParams,
      responses: { 200: done },
    },
    voidAgreement: {
      method: 'POST',
      path: '/api/company/agreements/:id/void',
      summary: 'Withdraw an agreement nobody has finished signing: it holds the work back no more',
      params: agreementParams,
      responses: { 200: done },
    },
    resendAgreement: {
      method: 'POST',
      path: '/api/company/agreements/:id/resend',
      summary: 'Send a declined, voided or expired agreement again, with its words and a fresh time to sign',
      params: agreementParams,
      responses: { 201: z.object({ id: z.string(), message: z.string() }) },
    },
    companyAgreementPdf: {
      method: 'GET',
      path: '/api/company/agreements/:id/pdf',
      summary: 'The signed agreement, sealed (PAdES) with its certificate of completion',
      params: agreementParams,
      responses: { 200: fileOf('application/pdf') },
    },
    ownAgreements: {
      method: 'GET',
      path: '/api/applicant/agreements',
      summary: 'The agreements sent to you, the latest first, by state, a page at a time',
      query: agreementListQuerySchema,
      responses: { 200: agreementListSchema },
    },
    ownAgreement: {
      method: 'GET',
      path: '/api/applicant/agreements/:id',
      summary: 'One agreement sent to you: its words, who signed, whether you may sign now',
      params: agreementParams,
      responses: { 200: agreementDetailSchema },
    },
    ownSigningCode: {
      method: 'POST',
      path: '/api/applicant/agreements/:id/code',
      summary: 'Email yourself the 6-digit code that confirms your signature',
      params: agreementParams,
      responses: { 200: done },
    },
    signAgreement: {
      method: 'POST',
      path: '/api/applicant/agreements/:id/sign',
      summary: 'Sign: consent to sign electronically, a typed or drawn signature, and the emailed code',
      params: agreementParams,
      body: signAgreementSchema,
      responses: { 200: done },
    },
    declineAgreement: {
      method: 'POST',
      path: '/api/applicant/agreements/:id/decline',
      summary: 'Decline to sign, saying why: the company is told',
      params: agreementParams,
      body: declineAgreementSchema,
      responses: { 200: done },
    },
    ownAgreementPdf: {
      method: 'GET',
      path: '/api/applicant/agreements/:id/pdf',
      summary: 'Your signed agreement, sealed (PAdES) with its certificate of completion',
      params: agreementParams,
      responses: { 200: fileOf('application/pdf') },
    },
    adminAgreements: {
      method: 'GET',
      path: '/api/admin/agreements',
      summary: 'Every agreement on the platform, the latest first, by state, searchable by title, talent or company',
      query: agreementListQuerySchema,
      responses: { 200: agreementListSchema },
    },
    adminAgreement: {
      method: 'GET',
      path: '/api/admin/agreements/:id',
      summary: 'One agreement with its signatures and seal',
      params: agreementParams,
      responses: { 200: agreementDetailSchema },
    },
    adminAgreementPdf: {
      method: 'GET',
      path: '/api/admin/agreements/:id/pdf',
      summary: 'A signed agreement’s sealed PDF',
      params: agreementParams,
      responses: { 200: fileOf('application/pdf') },
    },
  },
);
