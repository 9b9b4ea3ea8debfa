import { defineContract, fileOf } from '../contract';
import {
  enterFxRateSchema,
  fxImportResponseSchema,
  fxRateSchema,
  fxRatesQuerySchema,
  fxRatesResponseSchema,
  fxSettingsResponseSchema,
  fxSettingsSchema,
} from '../fx-rates';

// Exchange rates with a source (issue 55; docs/decisions/050): the latest rate of each pair, an ECB file
// imported, a rate entered by hand, and the FX margin, maximum rate age and reporting currency. Administrators only.
export const fxRatesContract = defineContract(
  { name: 'fx-rates', tags: ['admin', 'settings'] },
  {
    list: {
      method: 'GET',
      path: '/api/admin/fx-rates',
      summary: 'The latest exchange rate of each currency pair, with its day, source and age, a page at a time',
      query: fxRatesQuerySchema,
      responses: { 200: fxRatesResponseSchema },
    },
    importFile: {
      method: 'POST',
      path: '/api/admin/fx-rates/import',
      summary:
        'Import the ECB’s reference rates XML (daily or 90-day history); the whole file is checked before any rate is stored, and a rate already stored is kept',
      body: fileOf('application/xml', 'text/xml'),
      responses: { 200: fxImportResponseSchema },
    },
    enter: {
      method: 'POST',
      path: '/api/admin/fx-rates',
      summary: 'Enter a rate by hand for a currency pair and a day; entering it again corrects it (audit-logged)',
      body: enterFxRateSchema,
      responses: { 201: fxRateSchema },
    },
    settings: {
      method: 'GET',
      path: '/api/admin/fx-settings',
      summary: 'The FX margin (basis points), the maximum age of a rate in days and the reporting currency',
      responses: { 200: fxSettingsResponseSchema },
    },
    updateSettings: {
      method: 'PUT',
      path: '/api/admin/fx-settings',
      summary:
        'Change the FX margin, the maximum age of a rate and the reporting currency; audit-logged with before and after',
      body: fxSettingsSchema,
      responses: { 200: fxSettingsResponseSchema },
    },
  },
);
