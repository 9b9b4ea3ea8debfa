import {
  adminApplicantDetailSchema,
  adminApplicantListQuerySchema,
  adminApplicantListSchema,
  applicantBulkResultSchema,
  applicantBulkSchema,
  applicantVerificationsSchema,
} from '../admin-applicants';
import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';

const applicantParams = idParams('applicant');

// Applicant Management: every applicant, bulk Suspend, Activate and Remove, and the verification badges.
export const adminApplicantsContract = defineContract(
  { name: 'adminApplicants', tags: ['admin', 'applicants'] },
  {
    list: {
      method: 'GET',
      path: '/api/admin/applicants',
      summary: 'Applicants, newest first; search by name or email, filter by status',
      query: adminApplicantListQuerySchema,
      responses: { 200: adminApplicantListSchema },
    },
    get: {
      method: 'GET',
      path: '/api/admin/applicants/:id',
      summary: 'One applicant for the details drawer',
      params: applicantParams,
      responses: { 200: adminApplicantDetailSchema },
    },
    changeVerifications: {
      method: 'PUT',
      path: '/api/admin/applicants/:id/verifications',
      summary: 'Grant or withdraw the ID Verified and Background Check badges Talent Search filters on',
      params: applicantParams,
      body: applicantVerificationsSchema,
      responses: { 200: adminApplicantDetailSchema },
    },
    bulk: {
      method: 'POST',
      path: '/api/admin/applicants/bulk',
      summary: 'Suspend, activate or remove (erase by anonymisation) the selected applicants',
      body: applicantBulkSchema,
      responses: { 200: applicantBulkResultSchema },
    },
  },
);
