import { ArrowRightIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { type Path, type Resolver, type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import {
  emptyMilestoneRow,
  MilestoneListFooter,
  MilestoneRowFields,
  type MilestoneRowValues,
} from '~/client/components/milestone-row-fields';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { centsToDollars, dollarsToCents, typedCents } from '~/client/lib/dollars';
import { applyServerError, toFieldErrors } from '~/client/lib/form-errors';
import { formatIsoDay, formatMomentDayIn } from '~/client/lib/iso-day';
import { useOwnTimeZone } from '~/client/lib/own-time-zone';
import { formatCents } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';
import {
  type Contract,
  type Milestone,
  type MilestoneProposal,
  milestoneTexts,
  type ProposalAnswer,
  type ProposeMilestonesInput,
  proposeMilestonesSchema,
} from '~/shared/milestones';
import { type ContractSide, useAnswerProposal, useProposeMilestones } from './api';

// A change to the milestones not funded yet (docs/decisions/035): one side proposes a new version of them
// (edited, added, removed; funded money never changes this way), the other accepts or declines it, the
// proposer may withdraw it. One proposal waits at a time, on the contract.

const proposalTexts = {
  proposeFailed: 'The proposal was not sent. Please try again.',
  answerFailed: 'The proposal was not answered. Please try again.',
} as const;

const counterpartOf = (contract: Contract, side: ContractSide) =>
  side === 'company' ? contract.applicant_name : contract.company_name;
const sideName = (contract: Contract, side: ContractSide) =>
  side === 'company' ? contract.company_name : contract.applicant_name;

export const unfundedMilestones = (contract: Contract) =>
  contract.milestones.filter((milestone) => milestone.status === 'unfunded');

// Whether this person may propose a change now: their role allows it, the contract goes on, and no
// proposal is waiting already.
export function useMayProposeMilestones(contract: Contract) {
  const mayUpdate = useAllowed('update:milestone:own');
  return mayUpdate && contract.status !== 'ended' && contract.pending_proposal === null;
}

// ---------------------------------------------------------------- propose

interface ProposalRowValues extends MilestoneRowValues {
  // The milestone the row changes; empty for a new one. Not `id`: useFieldArray keys its rows by that.
  milestone_id: string;
}

interface ProposalFormValues {
  milestones: ProposalRowValues[];
}

const rowOf = (milestone: Milestone, currency: Currency): ProposalRowValues => ({
  milestone_id: milestone.id,
  title: milestone.title,
  description: milestone.description,
  amount: centsToDollars(milestone.amount_cents, currency),
  due_date: milestone.due_date,
});

// The form's name of a payload's field ('milestones.1.amount_cents' → 'milestones.1.amount'); a message
// about the whole list goes where useFieldArray keeps it.
function toProposalFieldName(payloadName: string): string {
  if (payloadName === 'milestones') return 'milestones.root';
  return payloadName.replace(/\.amount_cents$/, '.amount');
}

const proposalFormFields = (count: number) => [
  ...Array.from({ length: count }, (_, index) =>
    ['title', 'description', 'amount', 'due_date'].map((field) => `milestones.${index}.${field}`),
  ).flat(),
  'milestones.root',
];

type ProposalCheck =
  | { proposal: ProposeMilestonesInput; problems: null }
  | { proposal: null; problems: Record<string, string> };

// The payload when the server's rules hold and something changed, or form field → its first message.
function checkProposal(values: ProposalFormValues, contract: Contract): ProposalCheck {
  const parsed = proposeMilestonesSchema.safeParse({
    milestones: values.milestones.map((row) => ({
      ...(row.milestone_id ? { id: row.milestone_id } : {}),
      title: row.title,
      description: row.description,
      amount_cents: dollarsToCents(row.amount, contract.currency),
      due_date: row.due_date || undefined,
    })),
  });
  if (!parsed.success) {
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = toProposalFieldName(issue.path.map(String).join('.'));
      problems[field === 'milestones.root' || field.endsWith('.id') ? 'milestones' : field] ??= issue.message;
    }
    return { proposal: null, problems };
  }
  const current = unfundedMilestones(contract);
  const proposed = parsed.data.milestones;
  const isUnchanged =
    proposed.length === current.length &&
    proposed.every((row) => {
      const was = current.find((milestone) => milestone.id === row.id);
      return (
        was !== undefined &&
        was.title === row.title &&
        was.description === row.description &&
        was.amount_cents === row.amount_cents &&
        was.due_date === row.due_date
      );
    });
  if (isUnchanged) return { proposal: null, problems: { milestones: milestoneTexts.proposalUnchanged } };
  const others = contract.milestones.filter(
    (milestone) => milestone.status !== 'unfunded' && milestone.status !== 'cancelled',
  );
  if (proposed.length === 0 && others.length === 0) {
    return { proposal: null, problems: { milestones: milestoneTexts.proposalEmpty } };
  }
  return { proposal: { milestones: proposed }, problems: null };
}

export function ProposeMilestonesDialog({
  contract,
  side,
  open,
  onOpenChange,
}: {
  contract: Contract;
  side: ContractSide;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title="Propose Milestone Changes"
          description={`Edit, add or remove the milestones not funded yet. Funded milestones cannot change. ${counterpartOf(contract, side)} must accept the changes before they take effect.`}
          className="max-w-2xl"
        >
          <ProposeForm contract={contract} side={side} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ProposeForm({ contract, side, onDone }: { contract: Contract; side: ContractSide; onDone: () => void }) {
  const propose = useProposeMilestones(side, contract.id);
  const [banner, setBanner] = useState<string | null>(null);
  // The milestones as they were when the dialog opened: what each row changes.
  const [current] = useState(() => unfundedMilestones(contract));
  const resolver: Resolver<ProposalFormValues> = (values) => {
    const { problems } = checkProposal(values, contract);
    if (!problems) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<ProposalFormValues>(problems, ['milestones']) };
  };
  const form = useForm<ProposalFormValues>({
    defaultValues: { milestones: current.map((milestone) => rowOf(milestone, contract.currency)) },
    resolver,
  });
  const { errors, isSubmitting } = form.formState;
  const rows = useFieldArray({ control: form.control, name: 'milestones' });
  const count = rows.fields.length;

  const submit = form.handleSubmit(async (values) => {
    const { proposal } = checkProposal(values, contract);
    if (!proposal) return;
    setBanner(null);
    try {
      await propose.mutateAsync(proposal);
      toast({
        title: 'Proposal sent',
        description: `${counterpartOf(contract, side)} can accept or decline the changes on the contract.`,
      });
      onDone();
    } catch (error) {
      setBanner(
        applyServerError(form, error, {
          fields: proposalFormFields(values.milestones.length) as Path<ProposalFormValues>[],
          fallback: proposalTexts.proposeFailed,
          formNameOf: toProposalFieldName,
        }),
      );
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-1 text-sm font-semibold">Milestones not funded yet</legend>
        {count === 0 && (
          <p className="text-sm text-muted-foreground">
            Every milestone not funded yet is removed. Add one, or send the proposal as it is.
          </p>
        )}
        <ol className="grid gap-3">
          {rows.fields.map((field, index) => {
            const was = current.find((milestone) => milestone.id === field.milestone_id);
            return (
              <li key={field.id} className="min-w-0">
                <MilestoneRowFields
                  form={form}
                  name={`milestones.${index}`}
                  number={index + 1}
                  errors={errors.milestones?.[index]}
                  canRemove
                  onRemove={() => rows.remove(index)}
                  keptDueDate={was?.due_date}
                  currency={contract.currency}
                  note={
                    was ? (
                      <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                        Now: {was.title}, {formatCents(was.amount_cents, contract.currency)}, due{' '}
                        {formatIsoDay(was.due_date)}
                      </p>
                    ) : (
                      <Badge variant="info" className="justify-self-start">
                        New
                      </Badge>
                    )
                  }
                />
              </li>
            );
          })}
        </ol>
        <MilestoneListFooter
          error={errors.milestones?.root?.message}
          count={count}
          onAdd={() => rows.append({ ...emptyMilestoneRow, milestone_id: '' })}
          summary={<RunningTotal form={form} current={current} currency={contract.currency} />}
        />
      </fieldset>
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel="Send Proposal"
        pendingLabel="Sending..."
        isPending={isSubmitting}
      />
    </form>
  );
}

function RunningTotal({
  form,
  current,
  currency,
}: {
  form: UseFormReturn<ProposalFormValues>;
  current: Milestone[];
  currency: Currency;
}) {
  const typed = useWatch({ control: form.control, name: 'milestones' });
  const sumCents = (typed ?? []).reduce((sum, row) => sum + typedCents(row?.amount ?? '', currency), 0);
  const wasCents = current.reduce((sum, milestone) => sum + milestone.amount_cents, 0);
  return (
    <p aria-live="polite" className="text-sm text-muted-foreground tabular-nums">
      Unfunded milestones: {formatCents(sumCents, currency)} (was {formatCents(wasCents, currency)})
    </p>
  );
}

// ---------------------------------------------------------------- the proposal waiting for an answer

// "Wireframes · $1,500.00 · due Dec 15, 2026"
const summaryOf = (milestone: { title: string; amount_cents: number; due_date: string }, currency: Currency) =>
  `${milestone.title} · ${formatCents(milestone.amount_cents, currency)} · due ${formatIsoDay(milestone.due_date)}`;

// The proposal on the contract: who proposed it and when, each milestone before and after, what it
// removes, and the answers this person may give — the other side accepts (after confirming) or declines,
// the proposer withdraws.
export function PendingProposalCard({
  contract,
  side,
  proposal,
}: {
  contract: Contract;
  side: ContractSide;
  proposal: MilestoneProposal;
}) {
  const titleId = useId();
  const zone = useOwnTimeZone();
  const mayUpdate = useAllowed('update:milestone:own');
  const answer = useAnswerProposal(side, contract.id);
  const [banner, setBanner] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const isOwn = proposal.proposed_by === side;
  const proposer = proposal.proposed_by_name ?? sideName(contract, proposal.proposed_by);
  const byId = new Map(contract.milestones.map((milestone) => [milestone.id, milestone]));
  const removed = proposal.removed_ids.map((id) => byId.get(id)?.title ?? 'A milestone');

  const toasts: Record<ProposalAnswer, { title: string; description: string }> = {
    accept: { title: 'Changes accepted', description: 'The milestones not funded yet are updated.' },
    decline: { title: 'Proposal declined', description: 'The milestones stay as they were.' },
    withdraw: { title: 'Proposal withdrawn', description: 'The milestones stay as they were.' },
  };

  async function send(to: ProposalAnswer) {
    setBanner(null);
    try {
      await answer.mutateAsync({ proposalId: proposal.id, answer: to });
      toast(toasts[to]);
    } catch (error) {
      setBanner(errorMessage(error, proposalTexts.answerFailed));
    } finally {
      setIsConfirming(false);
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      className="grid min-w-0 gap-3 rounded-lg border-2 border-amber-500/60 bg-amber-50/60 p-4"
    >
      <div className="grid gap-0.5">
        <h3 id={titleId} className="font-semibold">
          Proposed milestone changes
        </h3>
        <p className="text-sm break-words">
          {proposer} proposed changes on {formatMomentDayIn(proposal.created_at, zone)}.{' '}
          {isOwn
            ? `Waiting for ${counterpartOf(contract, side)} to accept or decline.`
            : 'Nothing changes until you accept.'}
        </p>
      </div>
      {proposal.milestones.length > 0 && (
        <ul aria-label="Proposed milestones" className="grid gap-2">
          {proposal.milestones.map((milestone, index) => {
            const was = milestone.id ? byId.get(milestone.id) : undefined;
            return (
              <li
                key={milestone.id ?? `new-${index}`}
                className="grid min-w-0 gap-1 rounded-md bg-background p-2 text-sm sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:items-center sm:gap-2"
              >
                {was ? (
                  <>
                    <span className="text-muted-foreground [overflow-wrap:anywhere]">
                      {summaryOf(was, contract.currency)}
                    </span>
                    <span className="flex items-center text-muted-foreground">
                      <ArrowRightIcon className="size-4 max-sm:rotate-90" aria-hidden="true" />
                      <span className="sr-only">becomes</span>
                    </span>
                  </>
                ) : (
                  <>
                    <Badge variant="info" className="justify-self-start">
                      New
                    </Badge>
                    <span aria-hidden="true" />
                  </>
                )}
                <span className="font-medium [overflow-wrap:anywhere]">{summaryOf(milestone, contract.currency)}</span>
              </li>
            );
          })}
        </ul>
      )}
      {removed.length > 0 && (
        <ul aria-label="Removed milestones" className="grid gap-1 text-sm">
          {removed.map((title, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two removed milestones may share a title.
            <li key={`${title}-${index}`} className="[overflow-wrap:anywhere]">
              Removed: {title}
            </li>
          ))}
        </ul>
      )}
      {banner && <Alert variant="destructive">{banner}</Alert>}
      {mayUpdate && (
        <div className="flex flex-wrap gap-2">
          {isOwn ? (
            <Button variant="outline" size="sm" disabled={answer.isPending} onClick={() => send('withdraw')}>
              Withdraw Proposal
            </Button>
          ) : (
            <>
              <Button size="sm" disabled={answer.isPending} onClick={() => setIsConfirming(true)}>
                Accept Changes
              </Button>
              <Button variant="outline" size="sm" disabled={answer.isPending} onClick={() => send('decline')}>
                Decline
              </Button>
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Accept these changes?"
        description="The milestones not funded yet become as proposed: edited, added and removed. Funded milestones stay as they are."
        confirmLabel={answer.isPending ? 'Accepting...' : 'Accept Changes'}
        onConfirm={() => send('accept')}
        pending={answer.isPending}
      />
    </section>
  );
}
