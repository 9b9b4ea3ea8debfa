import { z } from 'zod';
import { defineContract, fileOf } from '../contract';
import { idParams } from '../contract-schemas';
import {
  applicantProfileSchema,
  applicantProfileViewSchema,
  photoContentTypes,
  updateApplicantProfileSchema,
} from '../talent';
import {
  updateCertificationsSchema,
  updateEducationSchema,
  updateLanguagesSchema,
  updatePortfolioSchema,
  updateWorkHistorySchema,
} from '../talent-background';
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
    // The background lists: each saved whole, in the order given (the first shows first).
    updateWorkHistory: {
      method: 'PUT',
      path: '/api/applicant/profile/work-history',
      summary: 'Replace your work history, in the order it shows (most recent first unless you reorder)',
      body: updateWorkHistorySchema,
      responses: { 200: applicantProfileSchema },
    },
    updateEducation: {
      method: 'PUT',
      path: '/api/applicant/profile/education',
      summary: 'Replace your education, in the order it shows',
      body: updateEducationSchema,
      responses: { 200: applicantProfileSchema },
    },
    updateLanguages: {
      method: 'PUT',
      path: '/api/applicant/profile/languages',
      summary: 'Replace the languages you speak, with your level in each, in the order they show',
      body: updateLanguagesSchema,
      responses: { 200: applicantProfileSchema },
    },
    updateCertifications: {
      method: 'PUT',
      path: '/api/applicant/profile/certifications',
      summary: 'Replace your certifications, in the order they show',
      body: updateCertificationsSchema,
      responses: { 200: applicantProfileSchema },
    },
    updatePortfolio: {
      method: 'PUT',
      path: '/api/applicant/profile/portfolio',
      summary: 'Replace your portfolio links, in the order they show',
      body: updatePortfolioSchema,
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
