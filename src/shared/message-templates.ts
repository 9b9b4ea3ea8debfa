import { z } from 'zod';
import { applicationStatuses, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from './applications';
import { applicationTestStates, jobApplicationListQuerySchema } from './jobs';
import { MESSAGE_BODY_MAX_LENGTH } from './messaging';
import { BULK_MOVE_MAX } from './pipeline';
import { placeholderList, unknownPlaceholderMessage, unknownPlaceholders } from './template-placeholders';
import { singleLine, text } from './text';

export {
  fillTemplate,
  firstNameOf,
  type TemplatePlaceholder,
  type TemplateValues,
  templatePlaceholderDescriptions,
  templatePlaceholders,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from './template-placeholders';

// A company's message templates (stage emails, bulk messages to a pipeline column): a name and a body
// whose placeholders are filled per candidate when sent. The message goes into the company's
// conversation with the candidate, which tells them as any message does.

export const TEMPLATE_NAME_MAX_LENGTH = 100;
// A column of the board is messaged at most this many candidates at once, as many as a bulk move.
export const BULK_MESSAGE_MAX = BULK_MOVE_MAX;

export const messageTemplateTexts = {
  nameRequired: 'Give the template a name.',
  nameTooLong: `Keep the name to ${TEMPLATE_NAME_MAX_LENGTH} characters or fewer.`,
  bodyRequired: 'Write the message.',
  bodyTooLong: `A message can be at most ${MESSAGE_BODY_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  notFound: 'This template does not exist.',
  tooMany: (count: number) =>
    `This column has ${count} candidates; narrow it with the filters to at most ${BULK_MESSAGE_MAX} to message them.`,
  emptyColumn: 'Nobody in this column to message.',
  loadError: 'Failed to load your message templates. Please try again.',
  placeholdersHelp: `Placeholders filled in for each candidate: ${placeholderList.join(', ')}.`,
} as const;

// A body the company writes: required, within a message's length, only our placeholders.
const templateBody = text()
  .trim()
  .min(1, { message: messageTemplateTexts.bodyRequired })
  .max(MESSAGE_BODY_MAX_LENGTH, { message: messageTemplateTexts.bodyTooLong })
  .superRefine((body, context) => {
    const unknown = unknownPlaceholders(body);
    if (unknown.length > 0) context.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown) });
  });

// POST /api/message-templates and PUT /api/message-templates/:id.
export const messageTemplateInputSchema = z.object({
  name: singleLine()
    .trim()
    .min(1, { message: messageTemplateTexts.nameRequired })
    .max(TEMPLATE_NAME_MAX_LENGTH, { message: messageTemplateTexts.nameTooLong }),
  body: templateBody,
});
export type MessageTemplateInput = z.input<typeof messageTemplateInputSchema>;

export const messageTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  // Who wrote it (null once their account is gone).
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

// GET /api/message-templates?q=&page=&page_size=: by name.
export const messageTemplateListQuerySchema = z.object({
  q: text().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const messageTemplateListSchema = z.object({
  items: z.array(messageTemplateSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type MessageTemplateList = z.infer<typeof messageTemplateListSchema>;

// A message the company sends: the body may hold placeholders. The client id makes a retry (a double
// click, a lost answer) send nothing twice.
const outgoingMessage = {
  body: templateBody,
  // At most 60 characters: a column's message stores it with each application's id after it.
  client_id: text()
    .trim()
    .min(1, { message: 'Give the send a client id.' })
    .max(60, { message: 'A client id can be at most 60 characters.' }),
};

// POST /api/applications/:id/message: to one candidate (a stage email after a move).
export const applicationMessageSchema = z.object(outgoingMessage);
export type ApplicationMessageInput = z.input<typeof applicationMessageSchema>;
export const applicationMessageResultSchema = z.object({ conversation_id: z.string() });

// POST /api/jobs/:id/applications/message: everyone in one column of the job's board, as narrowed by the
// board's filters; the server finds them itself.
export const columnMessageSchema = z.object({
  ...outgoingMessage,
  status: z.enum(applicationStatuses, { message: 'Unknown application stage.' }),
  q: jobApplicationListQuerySchema.shape.q,
  min_rating: z.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX).optional(),
  test: z.enum(applicationTestStates, { message: 'Unknown test state.' }).optional(),
  // A column of an Interviewing split into the job's interview stages.
  interview_stage: jobApplicationListQuerySchema.shape.interview_stage,
});
export type ColumnMessageInput = z.input<typeof columnMessageSchema>;
export const columnMessageResultSchema = z.object({
  // Messages sent, one per candidate's conversation.
  sent: z.number(),
  // Candidates who could not be written to (an account suspended or gone).
  skipped: z.number(),
});
export type ColumnMessageResult = z.infer<typeof columnMessageResultSchema>;
