import { z } from 'zod';
import {
  accountManagerOptionsSchema,
  adminCompanyDetailSchema,
  adminCompanyListQuerySchema,
  adminCompanyListSchema,
  assignAccountManagerResultSchema,
  assignAccountManagerSchema,
  companyBulkResultSchema,
  companyBulkSchema,
  companyDeletePreviewSchema,
} from '../admin-companies';
import { adminUpdateBillingDetailsSchema, billingDetailsSchema } from '../billing-details';
import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';

const companyParams = idParams('company');

// Company Management: every company, its account manager, and bulk Suspend, Activate
// and Delete. Administrators only.
export const adminCompaniesContract = defineContract(
  { name: 'adminCompanies', tags: ['admin', 'companies'] },
  {
    list: {
      method: 'GET',
      path: '/api/admin/companies',
      summary: 'Companies not deleted, newest first; search by name or contact email, filter by status',
      query: adminCompanyListQuerySchema,
      responses: { 200: adminCompanyListSchema },
    },
    get: {
      method: 'GET',
      path: '/api/admin/companies/:id',
      summary: 'One company for the details drawer',
      params: companyParams,
      responses: { 200: adminCompanyDetailSchema },
    },
    billingDetails: {
      method: 'GET',
      path: '/api/admin/companies/:id/billing-details',
      summary: 'A company on its invoices (legal name, address, tax ID) and the tax rate and terms it is billed at',
      params: companyParams,
      responses: { 200: billingDetailsSchema },
    },
    updateBillingDetails: {
      method: 'PUT',
      path: '/api/admin/companies/:id/billing-details',
      summary:
        'Change a company’s billing details, its tax rate and payment terms too, for invoices issued from now on',
      params: companyParams,
      body: adminUpdateBillingDetailsSchema,
      responses: { 200: billingDetailsSchema },
    },
    accountManagerOptions: {
      method: 'GET',
      path: '/api/admin/account-manager-options',
      summary: 'The account managers a company can be assigned to',
      responses: { 200: accountManagerOptionsSchema },
    },
    assignAccountManager: {
      method: 'PUT',
      path: '/api/admin/companies/:id/account-manager',
      summary: 'Assign an account manager to a company (null: none)',
      params: companyParams,
      body: assignAccountManagerSchema,
      responses: { 200: assignAccountManagerResultSchema },
    },
    deletePreview: {
      method: 'POST',
      path: '/api/admin/companies/delete-preview',
      summary: 'What deleting these companies would close, sign out and keep',
      body: z.object({ ids: companyBulkSchema.shape.ids }),
      responses: { 200: companyDeletePreviewSchema },
    },
    bulk: {
      method: 'POST',
      path: '/api/admin/companies/bulk',
      summary: 'Suspend, activate or delete (soft) the selected companies; delete is refused while invoices are unpaid',
      body: companyBulkSchema,
      responses: { 200: companyBulkResultSchema },
    },
  },
);
