import { z } from 'zod';
import {
  assignContactMessageSchema,
  contactAssigneeListSchema,
  contactMessageDetailSchema,
  contactMessageListQuerySchema,
  contactMessageListSchema,
  contactMessageSchema,
  markContactMessageSchema,
  replyToContactMessageSchema,
} from '../contact';
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
      summary: 'The contact inbox, newest first: search, status (new by default) and assignee',
      query: contactMessageListQuerySchema,
      responses: { 200: contactMessageListSchema },
    },
    contactAssignees: {
      method: 'GET',
      path: '/api/admin/contact-messages/assignees',
      summary: 'The administrators a contact message can be assigned to',
      responses: { 200: contactAssigneeListSchema },
    },
    contactMessage: {
      method: 'GET',
      path: '/api/admin/contact-messages/:id',
      summary: 'One contact message with the replies sent to it',
      params: idParams('message'),
      responses: { 200: contactMessageDetailSchema },
    },
    markContactMessage: {
      method: 'PATCH',
      path: '/api/admin/contact-messages/:id',
      summary: 'Mark a contact message handled, or open again',
      params: idParams('message'),
      body: markContactMessageSchema,
      responses: { 200: contactMessageDetailSchema },
    },
    assignContactMessage: {
      method: 'PUT',
      path: '/api/admin/contact-messages/:id/assignee',
      summary: 'Assign a contact message to an administrator (null: nobody)',
      params: idParams('message'),
      body: assignContactMessageSchema,
      responses: { 200: contactMessageDetailSchema },
    },
    replyToContactMessage: {
      method: 'POST',
      path: '/api/admin/contact-messages/:id/replies',
      summary: 'Email a reply to the sender of a contact message, which marks it handled',
      params: idParams('message'),
      body: replyToContactMessageSchema,
      responses: { 201: contactMessageDetailSchema },
    },
  },
);
