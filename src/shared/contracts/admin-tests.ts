import {
  adminCreateTestSchema,
  adminTestDetailSchema,
  adminTestListQuerySchema,
  adminTestListSchema,
  bulkTestResultSchema,
  bulkTestSchema,
} from '../admin-tests';
import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';

// Tests & Content Management: every test on the platform for administrators, created, archived and
// deleted through the company's own test functions.
export const adminTestsContract = defineContract(
  { name: 'adminTests', tags: ['admin', 'tests'] },
  {
    list: {
      method: 'GET',
      path: '/api/admin/tests',
      summary: "Every test, the companies' and the platform's, newest first; search by name or owner",
      query: adminTestListQuerySchema,
      responses: { 200: adminTestListSchema },
    },
    create: {
      method: 'POST',
      path: '/api/admin/tests',
      summary: 'Create a test for a company or for the platform (public to every company)',
      body: adminCreateTestSchema,
      responses: { 201: adminTestDetailSchema },
    },
    get: {
      method: 'GET',
      path: '/api/admin/tests/:id',
      summary: 'One test with its questions, for the read-only view',
      params: idParams('test'),
      responses: { 200: adminTestDetailSchema },
    },
    archive: {
      method: 'POST',
      path: '/api/admin/tests/archive',
      summary: 'Archive the selected tests (bulk Archive)',
      body: bulkTestSchema,
      responses: { 200: bulkTestResultSchema },
    },
    delete: {
      method: 'POST',
      path: '/api/admin/tests/delete',
      summary: 'Delete the selected tests, all or none; 409 naming the tests already taken',
      body: bulkTestSchema,
      responses: { 200: bulkTestResultSchema },
    },
  },
);
