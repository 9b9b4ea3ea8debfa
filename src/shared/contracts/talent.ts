import { z } from 'zod';
import { defineContract, fileOf } from '../contract';
import { idParams } from '../contract-schemas';
import {
  applicantProfileSchema,
  applicantProfileViewSchema,
  photoContentTypes,
  updateApplicantProfileSchema,
} from '../talent';
import { text } from '../text';

// The applicant's own profile and photo, and what companies see of applicants.
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
    uploadPhoto: {
      method: 'PUT',
      path: '/api/applicant/profile/photo',
      summary: 'Upload your photo: the image itself as the body (JPEG, PNG or WebP, at most 2 MB)',
      body: fileOf(...photoContentTypes),
      responses: { 200: applicantProfileSchema },
    },
    photo: {
      method: 'GET',
      path: '/api/applicants/:id/photo',
      summary: "An applicant's photo, with the content type it was uploaded as",
      params: idParams('applicant'),
      query: z.object({ v: text().max(100).optional().describe('The version photo_url carries') }),
      responses: { 200: fileOf(...photoContentTypes) },
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
