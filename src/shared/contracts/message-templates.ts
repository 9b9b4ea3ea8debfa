import { defineContract } from '../contract';
import { idParams, noContent } from '../contract-schemas';
import {
  applicationMessageResultSchema,
  applicationMessageSchema,
  columnMessageResultSchema,
  columnMessageSchema,
  messageTemplateInputSchema,
  messageTemplateListQuerySchema,
  messageTemplateListSchema,
  messageTemplateSchema,
} from '../message-templates';

// A company's message templates, and the messages the pipeline sends with them: to one candidate after a
// move, or to everyone in a column of a job's board. Placeholders are filled per candidate by the server.
export const messageTemplatesContract = defineContract(
  { name: 'messageTemplates', tags: ['messages'] },
  {
    list: {
      method: 'GET',
      path: '/api/message-templates',
      summary: 'Your company’s message templates, by name (q, page)',
      query: messageTemplateListQuerySchema,
      responses: { 200: messageTemplateListSchema },
    },
    create: {
      method: 'POST',
      path: '/api/message-templates',
      summary: 'Write a message template: a name and a body with {{first_name}}, {{job_title}}, {{company_name}}',
      body: messageTemplateInputSchema,
      responses: { 201: messageTemplateSchema },
    },
    update: {
      method: 'PUT',
      path: '/api/message-templates/:id',
      summary: 'Change a message template’s name and body',
      params: idParams('message template'),
      body: messageTemplateInputSchema,
      responses: { 200: messageTemplateSchema },
    },
    remove: {
      method: 'DELETE',
      path: '/api/message-templates/:id',
      summary: 'Delete a message template (messages sent with it stay)',
      params: idParams('message template'),
      responses: { 204: noContent },
    },
    messageApplication: {
      method: 'POST',
      path: '/api/applications/:id/message',
      summary: 'Write to the candidate of an application, placeholders filled, in your conversation with them',
      params: idParams('application'),
      body: applicationMessageSchema,
      responses: { 200: applicationMessageResultSchema },
    },
    messageColumn: {
      method: 'POST',
      path: '/api/jobs/:id/applications/message',
      summary:
        'Write to everyone in one stage of a job’s pipeline (with the board’s filters), one message per candidate',
      params: idParams('job'),
      body: columnMessageSchema,
      responses: { 200: columnMessageResultSchema },
    },
  },
);
