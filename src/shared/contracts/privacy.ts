import { z } from 'zod';
import { defineContract, fileOf } from '../contract';
import { idParams, noContent } from '../contract-schemas';
import {
  adminPrivacyRequestListQuerySchema,
  adminPrivacyRequestListSchema,
  deletionRequestSchema,
  myPrivacyRequestsSchema,
  privacyRequestSchema,
  rejectPrivacyRequestSchema,
} from '../privacy';

const requestParams = idParams('privacy request');

// One's own data export and erasure request.
export const privacyContract = defineContract(
  { name: 'privacy', tags: ['account', 'privacy'] },
  {
    // A POST: each export is recorded (a completed privacy request and an audit row), which a GET must
    // not do (a prefetch or a crawler would record exports nobody asked for).
    exportData: {
      method: 'POST',
      path: '/api/account/data-export',
      summary:
        'Export and download everything Tandem holds about you: a zip of data.json and one CSV per kind of record',
      responses: { 200: fileOf('application/zip') },
    },
    myRequests: {
      method: 'GET',
      path: '/api/account/privacy-requests',
      summary: 'Your privacy requests, and the deletion request still pending if any',
      responses: { 200: myPrivacyRequestsSchema },
    },
    requestDeletion: {
      method: 'POST',
      path: '/api/account/deletion-request',
      summary: 'Ask for your account to be deleted (your password, or DELETE typed for identity-provider accounts)',
      body: deletionRequestSchema,
      responses: { 201: privacyRequestSchema },
    },
    cancelDeletion: {
      method: 'DELETE',
      path: '/api/account/deletion-request',
      summary: 'Cancel your pending deletion request',
      responses: { 204: noContent },
    },
  },
);

// The administrators' queue of privacy requests.
export const adminPrivacyContract = defineContract(
  { name: 'adminPrivacy', tags: ['admin', 'privacy'] },
  {
    list: {
      method: 'GET',
      path: '/api/admin/privacy-requests',
      summary: 'Privacy requests: pending ones oldest due first (overdue flagged), or the processed ones',
      query: adminPrivacyRequestListQuerySchema,
      responses: { 200: adminPrivacyRequestListSchema },
    },
    complete: {
      method: 'POST',
      path: '/api/admin/privacy-requests/:id/complete',
      summary: 'Complete an erasure request: the account is anonymised, its invoices and payments kept',
      params: requestParams,
      responses: {
        200: z.object({ id: z.string(), status: z.enum(['completed']), processed_at: z.string().nullable() }),
      },
    },
    reject: {
      method: 'POST',
      path: '/api/admin/privacy-requests/:id/reject',
      summary: 'Reject a privacy request with a reason (unpaid invoices, say); the person is told',
      params: requestParams,
      body: rejectPrivacyRequestSchema,
      responses: { 200: privacyRequestSchema },
    },
  },
);
