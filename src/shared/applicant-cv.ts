import { z } from 'zod';

// An applicant's CV (issue 33): one PDF or DOCX file, its text extracted in the background for Talent
// Search, downloadable by the companies the applicant chooses.

export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_MAX_BYTES_LABEL = '5 MB';
export const PDF_CONTENT_TYPE = 'application/pdf';
export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const cvContentTypes = [PDF_CONTENT_TYPE, DOCX_CONTENT_TYPE] as const;
export type CvContentType = (typeof cvContentTypes)[number];
export const isCvContentType = (value: string): value is CvContentType =>
  (cvContentTypes as readonly string[]).includes(value);

// Who may download it: every company, or only the companies the applicant applied to or was invited by.
export const cvVisibilities = ['all_companies', 'related_companies'] as const;
export type CvVisibility = (typeof cvVisibilities)[number];
export const cvVisibilityLabels: Record<CvVisibility, string> = {
  all_companies: 'Every company',
  related_companies: 'Only companies I applied to or that invited me',
};

// Where the text extraction is: waiting for the background job, done, or given up on.
export const cvTextStatuses = ['pending', 'ready', 'failed'] as const;
export type CvTextStatus = (typeof cvTextStatuses)[number];

const ascii = (value: string) => [...value].map((character) => character.charCodeAt(0));
const startsWith = (content: Uint8Array, bytes: number[]) =>
  content.length >= bytes.length && bytes.every((byte, index) => content[index] === byte);

// What a file's first bytes say it could be: a PDF starts with "%PDF-"; a DOCX is a zip, whose first
// local header starts "PK\3\4" (the server then reads the zip's directory for word/document.xml).
export function detectCvType(start: Uint8Array): CvContentType | null {
  if (startsWith(start, ascii('%PDF-'))) return PDF_CONTENT_TYPE;
  if (startsWith(start, [0x50, 0x4b, 0x03, 0x04])) return DOCX_CONTENT_TYPE;
  return null;
}

export const cvTexts = {
  unsupportedType: 'Upload your CV as a PDF or a Word (.docx) document.',
  tooLarge: `The CV is larger than ${CV_MAX_BYTES_LABEL}. Choose a smaller file.`,
  empty: 'The upload is empty. Choose your CV file.',
  contentMismatch: (declared: CvContentType) =>
    declared === PDF_CONTENT_TYPE
      ? 'This file is not a valid PDF document. Choose a PDF or a Word (.docx) document.'
      : 'This file is not a valid Word (.docx) document. Choose a PDF or a Word (.docx) document.',
  uploaded: 'Your CV has been uploaded.',
  removed: 'Your CV has been removed.',
  visibilitySaved: 'Who may download your CV has been saved.',
  uploadError: 'Failed to upload your CV. Please try again.',
  removeError: 'Failed to remove your CV. Please try again.',
  visibilityError: 'Failed to save who may download your CV. Please try again.',
  loadError: 'Failed to load your CV. Please try again.',
  visibility: 'Choose who may download your CV.',
  missing: 'This candidate has no CV.',
  ownMissing: 'You have not uploaded a CV.',
  notPermitted: 'This candidate shares their CV only with companies they applied to or that invited them.',
  downloadRateLimited: 'You have downloaded many CVs in a short time',
  uploadRateLimited: 'You have uploaded several CVs in a short time',
  textPending: 'We are reading the text of your CV so that companies can find you by it.',
  textReady: 'Companies can find you by the words in your CV.',
  textFailed:
    'We could not read the text of your CV, so companies cannot find you by its words. It is still kept and can be downloaded. A PDF with selectable text or a .docx file works best.',
} as const;

// GET /api/applicant/profile/cv: the applicant's own CV, or null when there is none.
export const ownCvSchema = z.object({
  cv: z
    .object({
      name: z.string(),
      content_type: z.enum(cvContentTypes),
      byte_size: z.number().int(),
      uploaded_at: z.string(),
      visibility: z.enum(cvVisibilities),
      text_status: z.enum(cvTextStatuses),
    })
    .nullable(),
});
export type OwnCv = z.infer<typeof ownCvSchema>;

// PUT /api/applicant/profile/cv/visibility.
export const updateCvVisibilitySchema = z.object({
  visibility: z.enum(cvVisibilities, { message: cvTexts.visibility }),
});
export type UpdateCvVisibilityInput = z.infer<typeof updateCvVisibilitySchema>;

// What a company knows of a candidate's CV: whether there is one, and whether it may download it.
export const candidateCvSchema = z
  .object({ can_download: z.boolean(), download_url: z.string() })
  .nullable()
  .describe('The candidate’s CV; null when they have none');
export type CandidateCv = z.infer<typeof candidateCvSchema>;

export const cvDownloadUrlOf = (applicantId: string) => `/api/applicants/${applicantId}/cv`;
