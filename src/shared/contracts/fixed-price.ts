import { idempotencyHeadersSchema } from '../billing';
import { defineContract, fileOf } from '../contract';
import { idParams, malformedIdMessage, noContent } from '../contract-schemas';
import { apiErrorSchema } from '../errors';
import { attachmentTypeList } from '../messaging';
import {
  answerProposalSchema,
  contractSchema,
  disputeDetailSchema,
  disputeListQuerySchema,
  disputeListSchema,
  fundMilestoneBodySchema,
  fundMilestoneResultSchema,
  milestoneFileSchema,
  openDisputeSchema,
  proposeMilestonesSchema,
  requestChangesSchema,
  settleDisputeSchema,
  submitMilestoneSchema,
} from '../milestones';
import { text } from '../text';

const contractParams = idParams('contract');
const proposalParams = idParams('proposal');
const milestoneParams = idParams('milestone');
// A malformed file id names no file: 404, like one that does not exist (as a message's attachment).
const milestoneFileParams = milestoneParams.extend({
  file_id: text()
    .min(1)
    .max(64, { message: malformedIdMessage('file') }),
});

// Fixed-price contracts (docs/decisions/035): a fixed-price assignment and its milestones, for the company
// that hired and the talent hired. Each side reaches only its own (another's is a 404); funding takes an
// Idempotency-Key as paying an invoice does.
export const fixedPriceContract = defineContract(
  { name: 'fixedPrice', tags: ['fixed-price contracts'] },
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
    adminFile: {
      method: 'GET',
      path: '/api/admin/milestones/:id/files/:file_id',
      summary: 'Download a file the talent submitted with a milestone (the Disputes screen)',
      params: milestoneFileParams,
      responses: { 200: fileOf(...attachmentTypeList) },
    },
    companyDispute: {
      method: 'POST',
      path: '/api/company/milestones/:id/dispute',
      summary: 'Dispute submitted work, saying why: an administrator settles it; the money stays in escrow meanwhile',
      params: milestoneParams,
      body: openDisputeSchema,
      responses: { 200: contractSchema },
    },
    applicantDispute: {
      method: 'POST',
      path: '/api/applicant/milestones/:id/dispute',
      summary: 'Dispute your submitted work’s review (or silence), saying why: an administrator settles it',
      params: milestoneParams,
      body: openDisputeSchema,
      responses: { 200: contractSchema },
    },
    refund: {
      method: 'POST',
      path: '/api/applicant/milestones/:id/refund',
      summary:
        'Give a funded milestone’s money back to the company (the talent’s consent): the whole charge is refunded',
      params: milestoneParams,
      // 502: the payment provider did not complete the refund; nothing changed: try again.
      responses: { 200: contractSchema },
      failures: { 502: apiErrorSchema },
    },
    disputes: {
      method: 'GET',
      path: '/api/admin/disputes',
      summary: 'Disputed milestones, open (oldest first) or settled (newest first), a page at a time',
      query: disputeListQuerySchema,
      responses: { 200: disputeListSchema },
    },
    dispute: {
      method: 'GET',
      path: '/api/admin/disputes/:id',
      summary: 'One dispute: the contract, the milestone’s files and history, the messages between the two sides',
      params: idParams('dispute'),
      responses: { 200: disputeDetailSchema },
    },
    settleDispute: {
      method: 'POST',
      path: '/api/admin/disputes/:id/settle',
      summary:
        'Settle a dispute to the cent: release part (or all, or none) to the talent, refund the rest of the charge to the company; audited, both sides told',
      params: idParams('dispute'),
      body: settleDisputeSchema,
      // 502: the payment provider did not complete the refund; nothing changed: try again.
      responses: { 200: disputeDetailSchema },
      failures: { 502: apiErrorSchema },
    },
    companyPropose: {
      method: 'POST',
      path: '/api/company/contracts/:id/proposals',
      summary:
        'Propose a change to the milestones not yet funded (edit, add, remove): the talent accepts or declines it',
      params: contractParams,
      body: proposeMilestonesSchema,
      responses: { 201: contractSchema },
    },
    applicantPropose: {
      method: 'POST',
      path: '/api/applicant/contracts/:id/proposals',
      summary:
        'Propose a change to the milestones not yet funded (edit, add, remove): the company accepts or declines it',
      params: contractParams,
      body: proposeMilestonesSchema,
      responses: { 201: contractSchema },
    },
    companyAnswerProposal: {
      method: 'POST',
      path: '/api/company/proposals/:id/answer',
      summary: 'Accept or decline the talent’s proposal, or withdraw your own',
      params: proposalParams,
      body: answerProposalSchema,
      responses: { 200: contractSchema },
    },
    applicantAnswerProposal: {
      method: 'POST',
      path: '/api/applicant/proposals/:id/answer',
      summary: 'Accept or decline the company’s proposal, or withdraw your own',
      params: proposalParams,
      body: answerProposalSchema,
      responses: { 200: contractSchema },
    },
    approve: {
      method: 'POST',
      path: '/api/company/milestones/:id/approve',
      summary:
        'Approve a submitted milestone: the escrowed amount is released to the talent and a paid invoice records it (once, however often asked)',
      params: milestoneParams,
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
