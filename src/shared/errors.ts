import { z } from 'zod';

// The error wire shape of every API response that is not a success (docs/design.md §6).
const errorCodes = [
  'validation',
  'unauthenticated',
  // 401 to a request still carrying the session of an account (or company) since suspended: its tabs say
  // why they were signed out (shared/auth.ts signedOutTexts).
  'account_suspended',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  // A payment the provider refused (a declined card): 402 with the provider's sentence.
  'payment_declined',
  // An Idempotency-Key sent again with another request than the one it was first sent with: 422.
  'idempotency_key_reused',
  'rate_limited',
  'unavailable',
  // 503 while System Settings' maintenance mode is on (server/settings/maintenance-mode.ts): the portal
  // shows the maintenance screen at once instead of retrying.
  'maintenance',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorSchema = z.object({
  error: z.string().describe('A sentence for people, safe to show as is.'),
  code: z.enum(errorCodes).describe('A stable code for programs.'),
  fields: z.record(z.string(), z.string()).optional().describe('Per-field messages for validation errors.'),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
