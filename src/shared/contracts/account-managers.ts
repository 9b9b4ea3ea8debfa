import {
  accountManagerListQuerySchema,
  accountManagerListSchema,
  accountManagerSchema,
  accountManagerSummarySchema,
  createAccountManagerSchema,
  updateAccountManagerSchema,
} from '../account-managers';
import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';

// Account Manager Management: the cards, the table, Add Manager and the dialog's Save.
export const accountManagersContract = defineContract(
  { name: 'accountManagers', tags: ['admin'] },
  {
    summary: {
      method: 'GET',
      path: '/api/admin/account-managers/summary',
      summary: 'Total managers, the companies they look after, those companies’ employees and revenue this month',
      responses: { 200: accountManagerSummarySchema },
    },
    list: {
      method: 'GET',
      path: '/api/admin/account-managers',
      summary: 'Every account manager by name with their figures; search by name or email',
      query: accountManagerListQuerySchema,
      responses: { 200: accountManagerListSchema },
    },
    create: {
      method: 'POST',
      path: '/api/admin/account-managers',
      summary: 'Add an account manager: an account without a password, emailed a link to choose one',
      body: createAccountManagerSchema,
      responses: { 201: accountManagerSchema },
    },
    update: {
      method: 'PATCH',
      path: '/api/admin/account-managers/:id',
      summary: 'Change an account manager’s name, status, specialties and bio',
      params: idParams('account manager'),
      body: updateAccountManagerSchema,
      responses: { 200: accountManagerSchema },
    },
  },
);
