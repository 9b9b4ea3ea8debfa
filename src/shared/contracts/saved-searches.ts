import { z } from 'zod';
import { defineContract } from '../contract';
import { idParams, malformedIdMessage, noContent } from '../contract-schemas';
import {
  createSavedSearchSchema,
  jobAlertSubscriptionSchema,
  savedSearchListQuerySchema,
  savedSearchListSchema,
  savedSearchSchema,
  updateSavedSearchSchema,
} from '../saved-searches';

const savedSearchParams = idParams('saved search');
// The unguessable token of an alert's unsubscribe link (generateToken: 256 bits, base64url).
const alertTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: malformedIdMessage('job alert') }),
});

// Saved searches and job alerts: an applicant keeps Find Jobs' filters under a name with a daily, weekly or
// no email; anyone holding an alert's link turns that search's emails off without signing in.
export const savedSearchesContract = defineContract(
  { name: 'savedSearches', tags: ['job board'] },
  {
    list: {
      method: 'GET',
      path: '/api/applicant/saved-searches',
      summary: 'Your saved searches, last saved first, and how many more you may save',
      query: savedSearchListQuerySchema,
      responses: { 200: savedSearchListSchema },
    },
    create: {
      method: 'POST',
      path: '/api/applicant/saved-searches',
      summary: 'Save Find Jobs’ filters under a name, with a daily, weekly or no alert email',
      body: createSavedSearchSchema,
      responses: { 201: savedSearchSchema },
    },
    update: {
      method: 'PATCH',
      path: '/api/applicant/saved-searches/:id',
      summary: 'Rename a saved search, or change its alerts or filters',
      params: savedSearchParams,
      body: updateSavedSearchSchema,
      responses: { 200: savedSearchSchema },
    },
    remove: {
      method: 'DELETE',
      path: '/api/applicant/saved-searches/:id',
      summary: 'Delete a saved search and its alerts',
      params: savedSearchParams,
      responses: { 204: noContent },
    },
    alert: {
      method: 'GET',
      path: '/api/public/job-alerts/:token',
      summary: 'The saved search an alert’s unsubscribe link names, and whether it is still emailed',
      params: alertTokenParams,
      responses: { 200: jobAlertSubscriptionSchema },
    },
    unsubscribe: {
      method: 'POST',
      path: '/api/public/job-alerts/:token/unsubscribe',
      summary:
        'Stop the alert emails of one saved search, without signing in (also the RFC 8058 one-click List-Unsubscribe-Post)',
      params: alertTokenParams,
      responses: { 200: jobAlertSubscriptionSchema },
    },
  },
);
