import { accountCodesResponseSchema, accountCodesSchema } from '../accounting';
import { invoiceSellerSchema, updateInvoiceSellerSchema } from '../billing-details';
import { defineContract } from '../contract';
import { platformSettingsResponseSchema, platformSettingsUpdateSchema } from '../settings';

// System Settings: read, change some or all, reset to the spec's defaults.
export const settingsContract = defineContract(
  { name: 'settings', tags: ['admin', 'settings'] },
  {
    read: {
      method: 'GET',
      path: '/api/admin/settings',
      summary: 'The system settings in force',
      responses: { 200: platformSettingsResponseSchema },
    },
    update: {
      method: 'PUT',
      path: '/api/admin/settings',
      summary: 'Change some or all system settings; the changed ones are audit-logged with before and after',
      body: platformSettingsUpdateSchema,
      responses: { 200: platformSettingsResponseSchema },
    },
    reset: {
      method: 'POST',
      path: '/api/admin/settings/reset',
      summary: "Restore every system setting to the spec's defaults",
      responses: { 200: platformSettingsResponseSchema },
    },
    invoiceSeller: {
      method: 'GET',
      path: '/api/admin/settings/invoice-seller',
      summary: 'The seller every invoice names: Tandem’s legal name, address and tax ID',
      responses: { 200: invoiceSellerSchema },
    },
    updateInvoiceSeller: {
      method: 'PUT',
      path: '/api/admin/settings/invoice-seller',
      summary: 'Change the seller named on invoices issued from now on; audit-logged with before and after',
      body: updateInvoiceSellerSchema,
      responses: { 200: invoiceSellerSchema },
    },
    accountCodes: {
      method: 'GET',
      path: '/api/admin/settings/account-codes',
      summary: 'Each ledger account’s code and name in the accountant’s chart, used by the journal exports',
      responses: { 200: accountCodesResponseSchema },
    },
    updateAccountCodes: {
      method: 'PUT',
      path: '/api/admin/settings/account-codes',
      summary: 'Change the accountant’s codes and names of the ledger accounts; audit-logged with before and after',
      body: accountCodesSchema,
      responses: { 200: accountCodesResponseSchema },
    },
  },
);
