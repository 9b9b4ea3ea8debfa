import {
  managedCompanyDetailSchema,
  managedCompanyListQuerySchema,
  managedCompanyListSchema,
} from '../account-managers';
import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';
import { conversationDetailSchema } from '../messaging';

const companyParams = idParams('company');

// The account manager's portal: only the companies assigned to the signed-in manager. Beside the
// administrators' account-managers contract because its tag differs.
export const managerPortalContract = defineContract(
  { name: 'managerPortal', tags: ['manager'] },
  {
    companies: {
      method: 'GET',
      path: '/api/manager/companies',
      summary: 'The companies assigned to you, with their employees, open jobs and revenue this month',
      query: managedCompanyListQuerySchema,
      responses: { 200: managedCompanyListSchema },
    },
    company: {
      method: 'GET',
      path: '/api/manager/companies/:id',
      summary: 'One of your companies: its members, the talent at work there and its open jobs (404 if not yours)',
      params: companyParams,
      responses: { 200: managedCompanyDetailSchema },
    },
    openConversation: {
      method: 'POST',
      path: '/api/manager/companies/:id/conversation',
      summary: 'Open the conversation between one of your companies and you (the same one again if it exists)',
      params: companyParams,
      responses: { 200: conversationDetailSchema, 201: conversationDetailSchema },
    },
  },
);
