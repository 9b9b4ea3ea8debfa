import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';
import { applicantProfileSchema, applicantProfileViewSchema, updateApplicantProfileSchema } from '../talent';

// The applicant's own profile, and what companies see of applicants (issue 11). The photo's upload (the
// image itself as the body) and download are not here yet: they wait for file kinds (decision 019).
export const talentContract = defineContract(
  { name: 'talent', tags: ['talent'] },
  {
    ownProfile: {
      method: 'GET',
      path: '/api/applicant/profile',
      summary: 'Your applicant profile, with how complete it is and what is missing',
      responses: { 200: applicantProfileSchema },
    },
    updateOwnProfile: {
      method: 'PUT',
      path: '/api/applicant/profile',
      summary: 'Replace your applicant profile (a field left out or empty is cleared; the photo has its own route)',
      body: updateApplicantProfileSchema,
      responses: { 200: applicantProfileSchema },
    },
    removePhoto: {
      method: 'DELETE',
      path: '/api/applicant/profile/photo',
      summary: 'Remove your photo',
      responses: { 200: applicantProfileSchema },
    },
    applicantProfile: {
      method: 'GET',
      path: '/api/applicants/:id/profile',
      summary: "An applicant's profile as companies see it (read-only)",
      params: idParams('applicant'),
      responses: { 200: applicantProfileViewSchema },
    },
  },
);
