import { z } from 'zod';

// Files an applicant attaches to a proposal (a portfolio piece, a sample, a CV in another language), under
// the attachment rules of messages: their types, 10 MB a file. Each is uploaded as it is chosen and waits,
// the applicant's alone, until the application that names it is sent (a day at most, then it is swept).

export const PROPOSAL_FILES_MAX = 5;

export const proposalFileTexts = {
  heading: 'Attachments',
  tooMany: `Attach at most ${PROPOSAL_FILES_MAX} files to an application.`,
  notWaiting: 'An attached file is no longer waiting to be sent. Remove it and attach it again.',
  fileNotFound: 'This file does not exist.',
} as const;

// POST /api/applicant/proposal-files: the file waiting to be named by an application.
export const uploadedProposalFileSchema = z.object({
  file_id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
export type UploadedProposalFile = z.infer<typeof uploadedProposalFileSchema>;

export const proposalFilesInputSchema = z
  .array(z.uuid({ message: proposalFileTexts.notWaiting }))
  .max(PROPOSAL_FILES_MAX, { message: proposalFileTexts.tooMany })
  .default([])
  .transform((ids) => [...new Set(ids)]);

// A file of an application, as its applicant and the company read it.
export const proposalFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  download_url: z.string(),
});
export type ProposalFile = z.infer<typeof proposalFileSchema>;
