import { cvContentTypes, ownCvSchema, updateCvVisibilitySchema } from '../applicant-cv';
import { defineContract, fileOf } from '../contract';
import { idParams } from '../contract-schemas';

// The applicant's CV (upload, replace, remove, who may download it) and its download by companies.
export const applicantCvContract = defineContract(
  { name: 'applicantCv', tags: ['talent'] },
  {
    ownCv: {
      method: 'GET',
      path: '/api/applicant/profile/cv',
      summary: 'Your CV: its name, size, who may download it, and whether its text has been read for search',
      responses: { 200: ownCvSchema },
    },
    uploadCv: {
      method: 'PUT',
      path: '/api/applicant/profile/cv',
      summary:
        'Upload or replace your CV: the PDF or DOCX file itself as the body, its name in X-File-Name (at most 5 MB)',
      body: fileOf(...cvContentTypes),
      responses: { 200: ownCvSchema },
    },
    removeCv: {
      method: 'DELETE',
      path: '/api/applicant/profile/cv',
      summary: 'Remove your CV (its text leaves Talent Search with it)',
      responses: { 200: ownCvSchema },
    },
    updateCvVisibility: {
      method: 'PUT',
      path: '/api/applicant/profile/cv/visibility',
      summary: 'Choose who may download your CV: every company, or only those you applied to or that invited you',
      body: updateCvVisibilitySchema,
      responses: { 200: ownCvSchema },
    },
    downloadOwnCv: {
      method: 'GET',
      path: '/api/applicant/profile/cv/file',
      summary: 'Download your own CV',
      responses: { 200: fileOf(...cvContentTypes) },
    },
    downloadCv: {
      method: 'GET',
      path: '/api/applicants/:id/cv',
      summary:
        'Download an applicant’s CV, when they share it with your company (every download is recorded and rate limited)',
      params: idParams('applicant'),
      responses: { 200: fileOf(...cvContentTypes) },
    },
  },
);
