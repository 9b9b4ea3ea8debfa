import {
  agreementTemplateListQuerySchema,
  agreementTemplateSchema,
  agreementTemplatesSchema,
  agreementTemplateVersionsSchema,
  createAgreementTemplateSchema,
  updateAgreementTemplateSchema,
} from '../agreements';
import { defineContract } from '../contract';
import { idParams, noContent } from '../contract-schemas';

const templateParams = idParams('agreement template');

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
  },
);
