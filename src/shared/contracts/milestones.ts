import { z } from 'zod';
import { idempotencyHeadersSchema } from '../billing';
import { defineContract, fileOf } from '../contract';
import { idParams, malformedIdMessage, noContent } from '../contract-schemas';
import { apiErrorSchema } from '../errors';
import { attachmentTypeList } from '../messaging';
import {
  contractSchema,
  fundMilestoneBodySchema,
  fundMilestoneResultSchema,
  milestoneFileSchema,
  requestChangesSchema,
  submitMilestoneSchema,
} from '../milestones';

const contractParams = idParams('contract');
const milestoneParams = idParams('milestone');
const milestoneFileParams = milestoneParams.extend({ file_id: z.uuid({ message: malformedIdMessage('file') }) });

// Fixed-price contracts (docs/decisions/035): a fixed-price assignment and its milestones, for the company
// that hired and the talent hired. Each side reaches only its own (another's is a 404); funding takes an
// Idempotency-Key as paying an invoice does.
export const milestonesContract = defineContract(
  { name: 'milestones', tags: ['fixed-price contracts'] },
  {
    companyContract: {
      method: 'GET',
      path: '/api/company/contracts/:id',
      summary: 'One of your fixed-price contracts: its milestones, what each funding charges, what is in escrow',
      params: contractParams,
      responses: { 200: contractSchema },
    },
    applicantContract: {
      method: 'GET',
      path: '/api/applicant/contracts/:id',
      summary: 'One of your fixed-price contracts: its milestones and which are funded',
      params: contractParams,
      responses: { 200: contractSchema },
    },
    fund: {
      method: 'POST',
      path: '/api/company/milestones/:id/fund',
      summary:
        'Fund a milestone into escrow with a saved or new method: its amount, the platform fee and your tax. The Idempotency-Key header is required: the same key answers as the first request did and never charges twice',
      params: milestoneParams,
      headers: idempotencyHeadersSchema,
      body: fundMilestoneBodySchema,
      // 202: the provider has not settled it yet; 402 declined; 502 the provider failed: retry with the same key.
      responses: { 200: fundMilestoneResultSchema, 202: fundMilestoneResultSchema },
      failures: { 402: apiErrorSchema, 502: apiErrorSchema },
    },
    submit: {
      method: 'POST',
      path: '/api/applicant/milestones/:id/submit',
      summary: 'Submit a funded milestone’s work (or the changes asked for) with a message',
      params: milestoneParams,
      body: submitMilestoneSchema,
      responses: { 200: contractSchema },
    },
    uploadFile: {
      method: 'POST',
      path: '/api/applicant/milestones/:id/files',
      summary:
        'Attach a file to the work you are about to submit: the bytes as the body, the name in X-File-Name (the attachment rules of messages: at most 10 MB, 5 files)',
      params: milestoneParams,
      body: fileOf(...attachmentTypeList),
      responses: { 201: milestoneFileSchema },
    },
    removeFile: {
      method: 'DELETE',
      path: '/api/applicant/milestones/:id/files/:file_id',
      summary: 'Remove a file you attached and have not submitted yet',
      params: milestoneFileParams,
      responses: { 204: noContent },
    },
    applicantFile: {
      method: 'GET',
      path: '/api/applicant/milestones/:id/files/:file_id',
      summary: 'Download a file of your milestone’s work',
      params: milestoneFileParams,
      responses: { 200: fileOf(...attachmentTypeList) },
    },
    companyFile: {
      method: 'GET',
      path: '/api/company/milestones/:id/files/:file_id',
      summary: 'Download a file the talent submitted with a milestone',
      params: milestoneFileParams,
      responses: { 200: fileOf(...attachmentTypeList) },
    },
    approve: {
      method: 'POST',
      path: '/api/company/milestones/:id/approve',
      summary:
        'Approve a submitted milestone: the escrowed amount is released to the talent and a paid invoice records it (once, however often asked)',
      params: milestoneParams,
      body: z.object({}).optional(),
      responses: { 200: contractSchema },
    },
    requestChanges: {
      method: 'POST',
      path: '/api/company/milestones/:id/request-changes',
      summary: 'Send a submitted milestone back with what needs to change; the money stays in escrow',
      params: milestoneParams,
      body: requestChangesSchema,
      responses: { 200: contractSchema },
    },
  },
);
