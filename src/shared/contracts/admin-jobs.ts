import { assignmentOptionListSchema, assignmentOptionsQuerySchema } from '../admin-assignments';
import { adminCreateJobSchema, adminJobListQuerySchema, adminJobListSchema } from '../admin-jobs';
import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';
import { editedJobSchema, jobSchema, updateJobSchema } from '../jobs';

const jobParams = idParams('job');

// Job Management: every company's jobs, for administrators.
export const adminJobsContract = defineContract(
  { name: 'adminJobs', tags: ['admin', 'jobs'] },
  {
    list: {
      method: 'GET',
      path: '/api/admin/jobs',
      summary: "Every company's jobs, newest first; search by title or company, filter by status or company",
      query: adminJobListQuerySchema,
      responses: { 200: adminJobListSchema },
    },
    companyOptions: {
      method: 'GET',
      path: '/api/admin/jobs/company-options',
      summary: 'Active companies whose name holds q, for Create Job and the company filter',
      query: assignmentOptionsQuerySchema,
      responses: { 200: assignmentOptionListSchema },
    },
    create: {
      method: 'POST',
      path: '/api/admin/jobs',
      summary: 'Create a job for a company, published (status open) or as a draft',
      body: adminCreateJobSchema,
      responses: { 201: jobSchema },
    },
    get: {
      method: 'GET',
      path: '/api/admin/jobs/:id',
      summary: 'One job with every field, for the edit form',
      params: jobParams,
      responses: { 200: jobSchema },
    },
    update: {
      method: 'PUT',
      path: '/api/admin/jobs/:id',
      summary: "Replace a job's editable fields, with the company's rules (an archived job is frozen)",
      params: jobParams,
      body: updateJobSchema,
      responses: { 200: editedJobSchema },
    },
    archive: {
      method: 'POST',
      path: '/api/admin/jobs/:id/archive',
      summary: 'Archive a job (any status); 409 when it is archived already',
      params: jobParams,
      responses: { 200: jobSchema },
    },
  },
);
