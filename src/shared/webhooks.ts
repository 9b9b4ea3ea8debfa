import { z } from 'zod';
import { keysetCursor, keysetPageSize } from './contract-schemas';

// Webhooks (issue 58): a company's endpoints (and the platform's, an administrator's) hear what happens in
// Tandem as signed HTTP POSTs (the Standard Webhooks specification: webhook-id, webhook-timestamp and
// webhook-signature headers, a JSON body `{ type, timestamp, data }`), sent after the change commits, retried
// with backoff, logged, replayable, and turned off after persistent failure.

export const WEBHOOK_ENDPOINTS_MAX = 20;
// Signatures made with a rotated secret keep coming this long, so a receiver can switch at its own pace.
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
// The Standard Webhooks secret format: `whsec_` and the key's bytes in base64.
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const id = (what: string) => z.string().describe(`The ${what}'s id`);
const moment = (what: string) => z.string().describe(`${what} (ISO 8601, UTC)`);
const money = (what: string) => z.string().describe(`${what}: a decimal amount in the currency named beside it`);

// Every event, what it means, and its `data`. Company endpoints hear their company's events; platform endpoints
// hear every company's, and payouts to the talent, which belong to no company.
export const webhookEventCatalogue = {
  'application.created': {
    description: 'Someone applied to one of the company’s jobs.',
    data: z.object({
      application_id: id('application'),
      job_id: id('job'),
      job_title: z.string(),
      applicant_id: id('applicant'),
      status: z.string().describe('The application’s stage'),
      created_at: moment('When they applied'),
    }),
  },
  'application.moved': {
    description: 'An application moved to another stage of the pipeline.',
    data: z.object({
      application_id: id('application'),
      job_id: id('job'),
      applicant_id: id('applicant'),
      from_status: z.string(),
      to_status: z.string(),
    }),
  },
  'offer.accepted': {
    description: 'A candidate accepted the company’s offer.',
    data: z.object({
      application_id: id('application'),
      job_id: id('job'),
      applicant_id: id('applicant'),
      assignment_id: id('assignment'),
    }),
  },
  'hire.started': {
    description: 'A hire’s assignment started: the talent can log time.',
    data: z.object({
      assignment_id: id('assignment'),
      job_id: id('job').nullable().describe('The job hired for; null for a placement an administrator made'),
      applicant_id: id('applicant'),
      start_date: z.string().describe('The first day of work (YYYY-MM-DD)'),
    }),
  },
  'timesheet.submitted': {
    description: 'A talent submitted a week’s timesheet for approval.',
    data: z.object({
      timesheet_id: id('timesheet'),
      assignment_id: id('assignment'),
      week_start: z.string().describe('The Monday of the week (YYYY-MM-DD)'),
      minutes: z.number().int(),
    }),
  },
  'timesheet.approved': {
    description: 'The company approved a timesheet.',
    data: z.object({
      timesheet_id: id('timesheet'),
      assignment_id: id('assignment'),
      week_start: z.string().describe('The Monday of the week (YYYY-MM-DD)'),
      minutes: z.number().int(),
    }),
  },
  'invoice.issued': {
    description: 'An invoice was issued to the company.',
    data: z.object({
      invoice_id: id('invoice'),
      number: z.string(),
      currency: z.string(),
      total: money('What the invoice asks for'),
      due_date: z.string().nullable(),
    }),
  },
  'invoice.paid': {
    description: 'An invoice was paid.',
    data: z.object({ invoice_id: id('invoice'), number: z.string(), currency: z.string(), total: money('Paid') }),
  },
  'invoice.refunded': {
    description: 'A payment of an invoice was refunded, in whole or in part.',
    data: z.object({
      invoice_id: id('invoice'),
      number: z.string(),
      currency: z.string(),
      refunded: money('What this refund gave back'),
    }),
  },
  'milestone.funded': {
    description: 'A fixed-price milestone was funded into escrow.',
    data: z.object({
      milestone_id: id('milestone'),
      assignment_id: id('assignment'),
      title: z.string(),
      currency: z.string(),
      amount: money('The milestone’s amount'),
    }),
  },
  'milestone.released': {
    description: 'A fixed-price milestone’s escrow was released to the talent.',
    data: z.object({
      milestone_id: id('milestone'),
      assignment_id: id('assignment'),
      title: z.string(),
      currency: z.string(),
      amount: money('The milestone’s amount'),
    }),
  },
  'payout.paid': {
    description: 'A payout reached a talent (platform endpoints only).',
    data: z.object({
      payout_id: id('payout'),
      applicant_id: id('applicant'),
      currency: z.string(),
      amount: money('Paid out'),
    }),
  },
  'meeting.scheduled': {
    description: 'A meeting was scheduled.',
    data: z.object({
      meeting_id: id('meeting'),
      title: z.string(),
      starts_at: moment('When it starts'),
      ends_at: moment('When it ends'),
    }),
  },
  'meeting.cancelled': {
    description: 'A meeting was cancelled.',
    data: z.object({ meeting_id: id('meeting'), title: z.string(), starts_at: moment('When it would have started') }),
  },
  'member.joined': {
    description: 'Someone joined the company’s team.',
    data: z.object({ user_id: id('member'), email: z.string(), role: z.string() }),
  },
  'member.left': {
    description: 'Someone left the company’s team, or was removed from it.',
    data: z.object({ user_id: id('member'), email: z.string() }),
  },
} as const;

export type WebhookEventType = keyof typeof webhookEventCatalogue;
export const webhookEventTypes = Object.keys(webhookEventCatalogue) as WebhookEventType[];
export type WebhookEventData<T extends WebhookEventType> = z.input<(typeof webhookEventCatalogue)[T]['data']>;
// Events a company endpoint may choose: payouts are the talent's and the platform's.
export const companyWebhookEventTypes = webhookEventTypes.filter((type) => type !== 'payout.paid');

// The body every delivery posts (Standard Webhooks' recommended shape).
export function webhookPayloadSchemaOf(type: WebhookEventType) {
  return z.object({
    type: z.literal(type),
    timestamp: moment('When it happened'),
    data: webhookEventCatalogue[type].data,
  });
}

export const webhookTexts = {
  sectionTitle: 'Webhooks',
  sectionDescription:
    'Tandem posts what happens to these addresses as it happens, signed per the Standard Webhooks specification, so your HR system, accounting tool or chat can act on it.',
  platformDescription:
    'Endpoints that hear every company’s events and payouts to the talent, signed per the Standard Webhooks specification.',
  empty: 'No webhook endpoints yet.',
  loadFailed: 'Failed to load your webhook endpoints. Please try again.',
  deliveriesLoadFailed: 'Failed to load the deliveries. Please try again.',
  deliveriesEmpty: 'Nothing has been sent to this endpoint yet.',
  addEndpoint: 'Add endpoint',
  createdTitle: 'Endpoint Added',
  createdDescription: 'Copy the signing secret now: it will not be shown again.',
  updatedTitle: 'Endpoint Saved',
  deletedTitle: 'Endpoint Deleted',
  rotatedTitle: 'Secret Rotated',
  rotatedDescription: `Copy the new secret now. Signatures with the old one continue for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours.`,
  replayedTitle: 'Delivery Queued',
  replayedDescription: 'It is being sent again now.',
  saveFailed: 'Failed to save the endpoint. Please try again.',
  tooMany: `You have ${WEBHOOK_ENDPOINTS_MAX} endpoints already. Delete one you no longer use first.`,
  notFound: 'This webhook endpoint does not exist or was deleted.',
  deliveryNotFound: 'This delivery does not exist.',
  replayWhileDisabled: 'Turn the endpoint back on before sending a delivery again.',
  urlRequired: 'Enter the address to send events to.',
  urlInvalid: 'Enter a full address starting with https:// (http:// only for a test server on this machine).',
  urlNotHttps: 'Use an https:// address: events carry your company’s data.',
  urlPrivate:
    'This address points inside a private network (a loopback, private or link-local address). Use one reachable from the internet.',
  urlUnresolvable: 'This address’s host name could not be found. Check it and try again.',
  eventsRequired: 'Choose at least one event.',
  eventUnknown: 'Choose events from the list.',
  payoutsArePlatformOnly: 'Payouts belong to the platform: only platform endpoints hear them.',
  disabledByFailures: 'Turned off after persistent failures',
  disabledByPerson: 'Turned off',
} as const;

const endpointFields = {
  url: z
    .string({ message: webhookTexts.urlRequired })
    .trim()
    .min(1, { message: webhookTexts.urlRequired })
    .max(2000, { message: 'Keep the address to 2000 characters or fewer.' })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
        } catch {
          return false;
        }
      },
      { message: webhookTexts.urlInvalid },
    ),
  description: z.string().trim().max(200, { message: 'Keep the description to 200 characters or fewer.' }),
  event_types: z
    .array(
      z.enum(webhookEventTypes as [WebhookEventType, ...WebhookEventType[]], { message: webhookTexts.eventUnknown }),
    )
    .min(1, { message: webhookTexts.eventsRequired })
    .max(webhookEventTypes.length),
};

export const createWebhookEndpointSchema = z.object({
  url: endpointFields.url,
  description: endpointFields.description.default(''),
  event_types: endpointFields.event_types,
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z.object({
  url: endpointFields.url.optional(),
  description: endpointFields.description.optional(),
  event_types: endpointFields.event_types.optional(),
  // Turning an endpoint back on clears its failures; its deliveries that failed stay failed (replay them).
  enabled: z.boolean({ message: 'Say whether the endpoint is on.' }).optional(),
});
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointSchema>;

export const webhookDisabledReasons = ['person', 'failures'] as const;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.enum(webhookEventTypes as [WebhookEventType, ...WebhookEventType[]])),
  enabled: z.boolean(),
  disabled_reason: z.enum(webhookDisabledReasons).nullable(),
  disabled_at: z.string().nullable(),
  // `whsec_AbCd…`: enough of the current secret to tell it apart.
  secret_prefix: z.string(),
  // While a rotated secret still signs: when it stops.
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  event_types: z.array(
    z.object({ type: z.enum(webhookEventTypes as [WebhookEventType, ...WebhookEventType[]]), description: z.string() }),
  ),
});
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

// Creating an endpoint or rotating its secret: the secret itself, this once.
export const webhookSecretAnswerSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookSecretAnswer = z.infer<typeof webhookSecretAnswerSchema>;

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

const attemptSchema = z.object({
  attempted_at: z.string(),
  // null: no answer (refused, timed out, not allowed).
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  // The start of the receiver's answer, as sent.
  response_body: z.string(),
  replay: z.boolean(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  // The webhook-id header: the same on every attempt, so a receiver can ignore a repeat.
  message_id: z.string(),
  event_type: z.enum(webhookEventTypes as [WebhookEventType, ...WebhookEventType[]]),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  payload: z.string().describe('The body as posted'),
  attempt_log: z.array(attemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export const webhookDeliveryListQuerySchema = z.object({
  status: z.enum(webhookDeliveryStatuses, { message: 'Choose a status from the list.' }).optional(),
  after: keysetCursor.optional(),
  page_size: keysetPageSize,
});

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  // Pass as `after` for the next (older) deliveries; null on the last page.
  next_cursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
