import { z } from 'zod';
import { contactMessageListQuerySchema, contactMessageListSchema, contactMessageSchema } from '../contact';
import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';

// The public contact forms and the administrators' contact inbox.
export const siteContract = defineContract(
  { name: 'site', tags: ['site'] },
  {
    sendContactMessage: {
      method: 'POST',
      path: '/api/contact',
      summary: 'Send a message from the public contact forms',
      body: contactMessageSchema,
      responses: { 201: z.object({ message: z.string() }) },
    },
    contactMessages: {
      method: 'GET',
      path: '/api/admin/contact-messages',
      summary: 'The contact inbox, newest first',
      query: contactMessageListQuerySchema,
      responses: { 200: contactMessageListSchema },
    },
    markContactMessage: {
      method: 'PATCH',
      path: '/api/admin/contact-messages/:id',
      summary: 'Mark a contact message handled, or open again',
      params: idParams('message'),
      body: z.object({ handled: z.boolean() }),
      responses: { 200: z.object({ id: z.string(), handled_at: z.string().nullable() }) },
    },
  },
);
