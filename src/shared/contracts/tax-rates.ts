import { defineContract } from '../contract';
import { idParams, noContent } from '../contract-schemas';
import { addTaxRateSchema, taxRateListSchema, taxRateSchema, taxRatesQuerySchema } from '../tax-rates';

// The VAT and GST rates invoices charge (issue 56; docs/decisions/053). Administrators only.
export const taxRatesContract = defineContract(
  { name: 'tax-rates', tags: ['admin', 'settings'] },
  {
    list: {
      method: 'GET',
      path: '/api/admin/tax-rates',
      summary:
        'Every country’s VAT or GST rates by the day each takes effect, the one in effect marked, a page at a time',
      query: taxRatesQuerySchema,
      responses: { 200: taxRateListSchema },
    },
    add: {
      method: 'POST',
      path: '/api/admin/tax-rates',
      summary: 'Add a country’s rate from a day on (today or later); audit-logged',
      body: addTaxRateSchema,
      responses: { 201: taxRateSchema },
    },
    remove: {
      method: 'DELETE',
      path: '/api/admin/tax-rates/:id',
      summary: 'Remove a rate that has not taken effect yet; one in effect stays (409); audit-logged',
      params: idParams('tax rate'),
      responses: { 204: noContent },
    },
  },
);
