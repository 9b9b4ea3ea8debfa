import { z } from 'zod';
import { offerAgreementsSchema } from './agreements';
import { assignmentStatuses } from './applications';
import { currencySchema, payInvoiceBodySchema, paymentSchema } from './billing';
import { earliestStartDate } from './jobs';
import { offeredMilestoneSchema } from './offered-milestones';
import { calendarDate, singleLine, text } from './text';

export { type OfferedMilestone, offeredMilestoneSchema } from './offered-milestones';

const offeredMilestoneSchemaWithId = () => offeredMilestoneSchema.extend({ id: z.string().nullable() });

// Fixed-price work (docs/decisions/035): the price split into milestones, each funded by the company into
// escrow before the work, submitted by the talent, approved (released to the talent, invoiced) or sent
// back, approved by itself after AUTO_APPROVE_DAYS of silence. Money is integer cents on the wire.

export const MILESTONES_MAX = 20;
export const MILESTONE_TITLE_MAX = 120;
export const MILESTONE_DESCRIPTION_MAX = 2_000;
export const MILESTONE_AMOUNT_MIN_CENTS = 500;
export const MILESTONE_AMOUNT_MAX_CENTS = 100_000_000;
export const SUBMISSION_MESSAGE_MAX = 5_000;
export const CHANGES_COMMENT_MAX = 2_000;
export const DISPUTE_REASON_MAX = 2_000;
export const SETTLEMENT_NOTE_MAX = 2_000;
// Files handed in with a submission: the attachment rules of messaging (types, 10 MB each), at most this many.
export const SUBMISSION_FILES_MAX = 5;
// A submission the company leaves unanswered this long is approved; it is reminded this long before.
export const AUTO_APPROVE_DAYS = 14;
export const AUTO_APPROVE_REMINDER_DAYS = 3;

export const milestoneStatuses = [
  'unfunded',
  'funded',
  'submitted',
  'changes_requested',
  'approved',
  'disputed',
  'settled',
  'refunded',
  'cancelled',
] as const;
export type MilestoneStatus = (typeof milestoneStatuses)[number];

// One transition table, as the pipeline's (shared/applications.ts): funding completes unfunded → funded;
// the talent submits; the company approves or sends back; either side disputes a submission, an
// administrator settles it; a funded milestone is refunded with the talent's consent or by a settlement;
// an unfunded one is cancelled.
export const milestoneMoves: Record<MilestoneStatus, readonly MilestoneStatus[]> = {
  unfunded: ['funded', 'cancelled'],
  funded: ['submitted', 'refunded'],
  submitted: ['approved', 'changes_requested', 'disputed'],
  changes_requested: ['submitted', 'refunded'],
  approved: [],
  disputed: ['settled'],
  settled: [],
  refunded: [],
  cancelled: [],
};
export const canMoveMilestone = (from: MilestoneStatus, to: MilestoneStatus) => milestoneMoves[from].includes(to);

// Money held for the talent: funded and neither released nor refunded yet.
export const ESCROWED_STATUSES = ['funded', 'submitted', 'changes_requested', 'disputed'] as const;

export const milestoneStatusLabels: Record<MilestoneStatus, string> = {
  unfunded: 'Not funded',
  funded: 'Funded',
  submitted: 'Submitted',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  disputed: 'In dispute',
  settled: 'Settled',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

export const milestoneTexts = {
  titleRequired: 'Give each milestone a title.',
  titleTooLong: `A milestone title can be at most ${MILESTONE_TITLE_MAX} characters.`,
  descriptionTooLong: `A milestone description can be at most ${MILESTONE_DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
  amount: `Each milestone is between ${dollars(MILESTONE_AMOUNT_MIN_CENTS)} and ${dollars(MILESTONE_AMOUNT_MAX_CENTS)}, in whole cents.`,
  dueDateRequired: 'Choose a due date for each milestone.',
  dueBeforeStart: 'A milestone cannot be due before the start date.',
  atLeastOne: 'Add at least one milestone.',
  tooMany: `An offer can have at most ${MILESTONES_MAX} milestones.`,
  total: `Enter the total price, between ${dollars(MILESTONE_AMOUNT_MIN_CENTS)} and ${dollars(MILESTONE_AMOUNT_MAX_CENTS)}.`,
  totalMismatch: (sumCents: number, totalCents: number) =>
    `The milestones add up to ${dollars(sumCents)}, but the total is ${dollars(totalCents)}.`,
  hourlyJob: 'This job is paid by the hour: offer a rate and weekly hours.',
  fixedPriceJob: 'This job has a fixed price: offer a total split into milestones.',
  contractNotFound: 'This contract does not exist.',
  milestoneNotFound: 'This milestone does not exist.',
  notFixedPrice: 'This assignment is paid by the hour: it has no milestones.',
  contractEnded: 'This contract has ended.',
  alreadyFunded: 'This milestone is already funded.',
  cannotFund: 'Only a milestone that is not funded yet can be funded.',
  fundingInProgress: 'A payment for this milestone is in progress. Wait a moment and reload.',
  cannotSubmit: 'Only a funded milestone, or one sent back for changes, can be submitted.',
  messageRequired: 'Describe the work you are submitting.',
  messageTooLong: `The message can be at most ${SUBMISSION_MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  cannotReview: 'Only a submitted milestone can be approved or sent back.',
  commentRequired: 'Say what needs to change.',
  commentTooLong: `The comment can be at most ${CHANGES_COMMENT_MAX.toLocaleString('en-US')} characters.`,
  loadError: 'Failed to load this contract. Please try again.',
  tooManyFiles: `A submission can carry at most ${SUBMISSION_FILES_MAX} files.`,
  cannotAttach: 'Files are attached to a funded milestone, or one sent back for changes, before submitting it.',
  fileNotFound: 'This file does not exist.',
  fileSubmitted: 'This file was submitted with the work: it cannot be removed.',
  cannotDispute: 'Only submitted work can be disputed.',
  reasonRequired: 'Say what the dispute is about.',
  reasonTooLong: `The reason can be at most ${DISPUTE_REASON_MAX.toLocaleString('en-US')} characters.`,
  cannotRefund: 'Only a funded milestone not yet submitted, or one sent back for changes, can be refunded.',
  cannotSettle: 'Only a milestone in dispute can be settled.',
  alreadySettled: (releasedCents: number) =>
    `This dispute is already settled, with ${dollars(releasedCents)} to the talent: a settlement does not change.`,
  releaseRange: (fundedCents: number) => `Release between $0.00 and ${dollars(fundedCents)}, in whole cents.`,
  noteRequired: 'Explain the settlement to both sides.',
  noteTooLong: `The note can be at most ${SETTLEMENT_NOTE_MAX.toLocaleString('en-US')} characters.`,
  refundUnavailable: 'The payment provider did not complete the refund. Nothing was settled: please try again.',
  disputeNotFound: 'This dispute does not exist.',
  proposalPending: 'A change to the milestones is already waiting for an answer: answer or withdraw it first.',
  proposalNotFound: 'This proposal does not exist, or it was answered already.',
  ownProposal: 'The other side accepts or declines your proposal; you can withdraw it.',
  proposalStale: 'A milestone in this proposal was funded or changed since it was made: propose the change again.',
  proposalEmpty: 'A contract keeps at least one milestone.',
  proposalUnchanged: 'Change, add or remove at least one milestone before proposing.',
} as const;

const amountCents = (message: string) =>
  z
    .number({ message })
    .int({ message })
    .min(MILESTONE_AMOUNT_MIN_CENTS, { message })
    .max(MILESTONE_AMOUNT_MAX_CENTS, { message });

export const offerMilestoneSchema = z.object({
  title: singleLine()
    .trim()
    .min(1, { message: milestoneTexts.titleRequired })
    .max(MILESTONE_TITLE_MAX, { message: milestoneTexts.titleTooLong }),
  description: text().trim().max(MILESTONE_DESCRIPTION_MAX, { message: milestoneTexts.descriptionTooLong }).default(''),
  amount_cents: amountCents(milestoneTexts.amount),
  due_date: z.string({ message: milestoneTexts.dueDateRequired }).pipe(calendarDate()),
});
export type OfferMilestoneInput = z.input<typeof offerMilestoneSchema>;

// POST /api/applications/:id/fixed-price-offer: a total split into milestones that add up to it to the
// cent, each due on or after the start date.
export const fixedPriceOfferSchema = z
  .object({
    total_cents: amountCents(milestoneTexts.total),
    start_date: z.string({ message: 'Choose a start date.' }).pipe(calendarDate()),
    milestones: z
      .array(offerMilestoneSchema, { message: milestoneTexts.atLeastOne })
      .min(1, { message: milestoneTexts.atLeastOne })
      .max(MILESTONES_MAX, { message: milestoneTexts.tooMany }),
    // The agreements the talent signs with it (decision 056): template references.
    agreements: offerAgreementsSchema,
  })
  .superRefine((offer, context) => {
    if (offer.start_date < earliestStartDate()) {
      context.addIssue({ code: 'custom', path: ['start_date'], message: 'The start date cannot be in the past.' });
    }
    offer.milestones.forEach((milestone, index) => {
      if (milestone.due_date < offer.start_date) {
        context.addIssue({
          code: 'custom',
          path: ['milestones', index, 'due_date'],
          message: milestoneTexts.dueBeforeStart,
        });
      }
    });
    const sum = offer.milestones.reduce((total, milestone) => total + milestone.amount_cents, 0);
    if (sum !== offer.total_cents) {
      context.addIssue({
        code: 'custom',
        path: ['total_cents'],
        message: milestoneTexts.totalMismatch(sum, offer.total_cents),
      });
    }
  });
export type FixedPriceOfferInput = z.input<typeof fixedPriceOfferSchema>;

// POST /api/{company,applicant}/contracts/:id/proposals: the milestones not yet funded as they should be —
// each with the id of the one it changes, or none for a new one; an unfunded milestone left out is
// removed. Funded money never changes this way. The other side accepts or declines (decision 035).
export const proposeMilestonesSchema = z.object({
  milestones: z
    .array(offerMilestoneSchema.extend({ id: z.uuid({ message: milestoneTexts.milestoneNotFound }).optional() }), {
      message: milestoneTexts.atLeastOne,
    })
    .max(MILESTONES_MAX, { message: milestoneTexts.tooMany }),
});
export type ProposeMilestonesInput = z.input<typeof proposeMilestonesSchema>;

export const proposalStatuses = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
// What the other side answers (accept, decline), or the proposer (withdraw).
export const proposalAnswers = ['accept', 'decline', 'withdraw'] as const;
export type ProposalAnswer = (typeof proposalAnswers)[number];
// POST /api/{company,applicant}/proposals/:id/answer
export const answerProposalSchema = z.object({
  answer: z.enum(proposalAnswers, { message: 'Accept, decline or withdraw a proposal.' }),
});
export type ProposalStatus = (typeof proposalStatuses)[number];

export const milestoneProposalSchema = z.object({
  id: z.string(),
  proposed_by: z.enum(['company', 'applicant']),
  proposed_by_name: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(proposalStatuses),
  // The unfunded milestones as they would be (id null: a new one).
  milestones: z.array(offeredMilestoneSchemaWithId()),
  // What the proposal removes: the unfunded milestones it leaves out.
  removed_ids: z.array(z.string()),
});
export type MilestoneProposal = z.infer<typeof milestoneProposalSchema>;

// What funding charges (or charged): the milestone, the platform fee on it and the company's tax on both,
// each rounded once; fixed on the milestone when its funding begins.
export const milestoneChargeSchema = z.object({
  amount_cents: z.number().int(),
  fee_basis_points: z.number().int(),
  fee_cents: z.number().int(),
  tax_basis_points: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type MilestoneCharge = z.infer<typeof milestoneChargeSchema>;

// A file handed in with a milestone's work. Uploaded before submitting (submitted_at null: only the
// talent sees it, and may remove it); submitting hands in every waiting file with the message.
export const milestoneFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  submitted_at: z.string().nullable(),
  download_url: z.string(),
});
export type MilestoneFile = z.infer<typeof milestoneFileSchema>;

export const milestoneSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  amount_cents: z.number().int(),
  due_date: z.string(),
  status: z.enum(milestoneStatuses),
  // The charge of its funding once funded; for a milestone not funded yet, what funding would charge now.
  charge: milestoneChargeSchema,
  funded_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  submission_message: z.string().nullable(),
  // What was handed in with it; for the talent, also what waits for the next submission.
  files: z.array(milestoneFileSchema),
  // The company's words when it sent the work back.
  changes_comment: z.string().nullable(),
  // The day an unanswered submission is approved by itself.
  auto_approve_on: z.string().nullable(),
  approved_at: z.string().nullable(),
  released_cents: z.number().int(),
  refunded_cents: z.number().int(),
  // The paid invoice its release issued.
  invoice_id: z.string().nullable(),
  // What went back to the company's card, with its fee and tax, as its credit note says (decision 048): a
  // refund before release or a settlement's share. Only the company sees it (null for the talent).
  credit_note: z
    .object({ id: z.string(), number: z.string(), total_cents: z.number().int(), issued_at: z.string() })
    .nullable(),
  // Once disputed: why, by which side, and how an administrator settled it.
  dispute: z
    .object({
      reason: z.string(),
      opened_by: z.enum(['company', 'applicant']),
      opened_at: z.string(),
      settled_at: z.string().nullable(),
      settlement_note: z.string().nullable(),
    })
    .nullable(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

// A fixed-price assignment as both sides see it: its milestones and where the money is.
export const contractSchema = z.object({
  id: z.string(),
  role: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  applicant_id: z.string(),
  applicant_name: z.string(),
  job_id: z.string().nullable(),
  status: z.enum(assignmentStatuses),
  start_date: z.string(),
  end_date: z.string().nullable(),
  total_cents: z.number().int(),
  // Held for the talent now; released to them so far.
  escrow_cents: z.number().int(),
  released_cents: z.number().int(),
  // Given back to the company's card, fee and tax included (the sum of the milestones' credit notes).
  refunded_to_card_cents: z.number().int(),
  // The currency of every amount of the contract and its milestones: the company's billing currency.
  currency: currencySchema,
  milestones: z.array(milestoneSchema),
  // A change to the unfunded milestones waiting for the other side's answer.
  pending_proposal: milestoneProposalSchema.nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

// POST /api/company/milestones/:id/fund, with an Idempotency-Key: a saved or new method, as paying an invoice.
export const fundMilestoneBodySchema = payInvoiceBodySchema;
export const fundMilestoneResultSchema = z.object({ payment: paymentSchema, contract: contractSchema });
export type FundMilestoneResult = z.infer<typeof fundMilestoneResultSchema>;

export const submitMilestoneSchema = z.object({
  message: text()
    .trim()
    .min(1, { message: milestoneTexts.messageRequired })
    .max(SUBMISSION_MESSAGE_MAX, { message: milestoneTexts.messageTooLong }),
});
export type SubmitMilestoneInput = z.input<typeof submitMilestoneSchema>;

export const requestChangesSchema = z.object({
  comment: text()
    .trim()
    .min(1, { message: milestoneTexts.commentRequired })
    .max(CHANGES_COMMENT_MAX, { message: milestoneTexts.commentTooLong }),
});
export type RequestChangesInput = z.input<typeof requestChangesSchema>;

// POST /api/{company,applicant}/milestones/:id/dispute: either side disputes submitted work.
export const openDisputeSchema = z.object({
  reason: text()
    .trim()
    .min(1, { message: milestoneTexts.reasonRequired })
    .max(DISPUTE_REASON_MAX, { message: milestoneTexts.reasonTooLong }),
});
export type OpenDisputeInput = z.input<typeof openDisputeSchema>;

// POST /api/admin/disputes/:id/settle: an administrator releases part (or all, or none) of what is held
// to the talent, to the cent; the rest of the charge goes back to the company.
export const settleDisputeSchema = z.object({
  release_cents: z
    .number({ message: 'Enter the amount to release, in cents.' })
    .int({ message: 'Enter the amount to release in whole cents.' })
    .min(0, { message: 'The amount to release cannot be negative.' }),
  note: text()
    .trim()
    .min(1, { message: milestoneTexts.noteRequired })
    .max(SETTLEMENT_NOTE_MAX, { message: milestoneTexts.noteTooLong }),
});
export type SettleDisputeInput = z.input<typeof settleDisputeSchema>;

export const disputeStatuses = ['open', 'settled'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

export const disputeListQuerySchema = z.object({
  status: z.enum(disputeStatuses, { message: 'Unknown dispute status.' }).default('open'),
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});

// One dispute as the administrators' list shows it: the milestone, its contract's parties, who opened it.
export const disputeSummarySchema = z.object({
  // The milestone's id: a milestone is disputed at most once.
  id: z.string(),
  contract_id: z.string(),
  milestone_title: z.string(),
  role: z.string(),
  company_name: z.string(),
  applicant_name: z.string(),
  funded_cents: z.number().int(),
  reason: z.string(),
  opened_by: z.enum(['company', 'applicant']),
  opened_by_name: z.string().nullable(),
  opened_at: z.string(),
  status: z.enum(disputeStatuses),
  settled_at: z.string().nullable(),
  released_cents: z.number().int(),
  refunded_cents: z.number().int(),
});
export type DisputeSummary = z.infer<typeof disputeSummarySchema>;

export const disputeListSchema = z.object({
  items: z.array(disputeSummarySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type DisputeList = z.infer<typeof disputeListSchema>;

// What an administrator weighs: the contract with every milestone, the disputed one's files, what happened
// to it (its audit trail), and the messages between the company and the talent.
export const disputeDetailSchema = z.object({
  dispute: disputeSummarySchema,
  contract: contractSchema,
  // The charge of the disputed milestone's funding: what a split divides.
  charge: milestoneChargeSchema,
  history: z.array(
    z.object({
      action: z.string(),
      actor_name: z.string().nullable(),
      at: z.string(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
  messages: z.array(
    z.object({ id: z.string(), sender_name: z.string().nullable(), body: z.string(), sent_at: z.string() }),
  ),
  settlement_note: z.string().nullable(),
});
export type DisputeDetail = z.infer<typeof disputeDetailSchema>;
