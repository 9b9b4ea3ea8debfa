import {
  changeEmailSchema,
  changePasswordSchema,
  messageResponseSchema,
  sessionListSchema,
  signedOutSessionsSchema,
  updateProfileSchema,
} from '../auth';
import { defineContract } from '../contract';
import { ownTimeZoneSchema, timeZoneSchema } from '../meetings';

// The signed-in person's own account: name, time zone, email, password and sessions.
export const accountContract = defineContract(
  { name: 'account', tags: ['account'] },
  {
    updateProfile: {
      method: 'PATCH',
      path: '/api/account/profile',
      summary: 'Change your name',
      body: updateProfileSchema,
      responses: { 200: messageResponseSchema },
    },
    timeZone: {
      method: 'GET',
      path: '/api/account/time-zone',
      summary: 'Your own IANA time zone (an applicant’s is their profile’s), or null until you set one',
      responses: { 200: ownTimeZoneSchema },
    },
    updateTimeZone: {
      method: 'PUT',
      path: '/api/account/time-zone',
      summary: 'Set your own IANA time zone: meetings, their emails and calendar files show your times in it',
      body: timeZoneSchema,
      responses: { 200: ownTimeZoneSchema },
    },
    changePassword: {
      method: 'POST',
      path: '/api/account/password',
      summary: 'Change your password (signs out your other sessions)',
      body: changePasswordSchema,
      responses: { 200: messageResponseSchema },
    },
    changeEmail: {
      method: 'POST',
      path: '/api/account/email',
      summary: 'Ask to change your email; the new address must confirm it',
      body: changeEmailSchema,
      responses: { 202: messageResponseSchema },
    },
    sessions: {
      method: 'GET',
      path: '/api/account/sessions',
      summary: 'Your active sessions',
      responses: { 200: sessionListSchema },
    },
    signOutOtherSessions: {
      method: 'POST',
      path: '/api/account/sessions/sign-out-others',
      summary: 'Sign out of every session but this one',
      responses: { 200: signedOutSessionsSchema },
    },
  },
);
