import { fakeId } from '~/client/testing/data-generators';
import { type FakeServer, reply, replyError } from '~/client/testing/fake-server';
import { type Payment, paymentTexts } from '~/shared/billing';
import { fixedPriceContract } from '~/shared/contracts/fixed-price';
import { ATTACHMENT_MAX_BYTES } from '~/shared/messaging-limits';
import { attachmentTypeList, messagingTexts } from '~/shared/messaging-texts';
import {
  type Contract,
  canMoveMilestone,
  ESCROWED_STATUSES,
  type Milestone,
  type MilestoneCharge,
  type MilestoneFile,
  type MilestoneProposal,
  type MilestoneStatus,
  milestoneTexts,
  SUBMISSION_FILES_MAX,
} from '~/shared/milestones';

// Fixed-price contracts for component tests (docs/decisions/035), answered from memory with the server's
// rules the screens rely on: a move the milestone's status does not allow is a 409 with the server's
// sentence; funding takes an Idempotency-Key and answers the same key with its first answer, and is
// refused once the contract has ended (what was funded still moves); a submission's files follow the
// attachment rules (415, 413, 409 past the fifth) and are handed in by the submission; what is in escrow
// and what was released follow the milestones, cancelled ones out of the total; a proposed change to the
// unfunded milestones waits on the contract until the other side accepts (edits, adds, and cancels the
// ones left out) or declines it, or the proposer withdraws it.

// What funding charges: the amount, a 10% platform fee and 8.25% tax on both, each rounded once.
export function fakeCharge(amountCents: number, { feeBasisPoints = 1000, taxBasisPoints = 825 } = {}): MilestoneCharge {
  const fee = Math.round((amountCents * feeBasisPoints) / 10_000);
  const tax = Math.round(((amountCents + fee) * taxBasisPoints) / 10_000);
  return {
    amount_cents: amountCents,
    fee_basis_points: feeBasisPoints,
    fee_cents: fee,
    tax_basis_points: taxBasisPoints,
    tax_cents: tax,
    total_cents: amountCents + fee + tax,
  };
}

export function fakeMilestone(overrides: Partial<Milestone> = {}): Milestone {
  const amount = overrides.amount_cents ?? 150_000;
  return {
    id: fakeId(),
    position: 1,
    title: 'Wireframes',
    description: 'Low-fidelity wireframes of the five main screens.',
    amount_cents: amount,
    due_date: '2026-12-15',
    status: 'unfunded',
    charge: fakeCharge(amount),
    funded_at: null,
    submitted_at: null,
    submission_message: null,
    files: [],
    changes_comment: null,
    auto_approve_on: null,
    approved_at: null,
    released_cents: 0,
    refunded_cents: 0,
    invoice_id: null,
    credit_note: null,
    dispute: null,
    ...overrides,
  };
}

// The contract's money from its milestones: the total, what is held, what was released.
function withTotals(contract: Contract): Contract {
  const sum = (pick: (milestone: Milestone) => number) =>
    contract.milestones.reduce((total, milestone) => total + pick(milestone), 0);
  const isEscrowed = (status: MilestoneStatus) => (ESCROWED_STATUSES as readonly MilestoneStatus[]).includes(status);
  return {
    ...contract,
    total_cents: sum((milestone) => (milestone.status === 'cancelled' ? 0 : milestone.amount_cents)),
    escrow_cents: sum((milestone) => (isEscrowed(milestone.status) ? milestone.amount_cents : 0)),
    released_cents: sum((milestone) => milestone.released_cents),
    refunded_to_card_cents: sum((milestone) => milestone.credit_note?.total_cents ?? 0),
  };
}

export function fakeContract(overrides: Partial<Contract> = {}): Contract {
  return withTotals({
    id: fakeId(),
    role: 'Mobile App Designer',
    company_id: fakeId(),
    company_name: 'Acme',
    applicant_id: fakeId(),
    applicant_name: 'Grace Hopper',
    job_id: fakeId(),
    status: 'active',
    start_date: '2026-12-01',
    end_date: null,
    total_cents: 0,
    escrow_cents: 0,
    released_cents: 0,
    refunded_to_card_cents: 0,
    currency: 'USD',
    milestones: [fakeMilestone()],
    pending_proposal: null,
    ...overrides,
  });
}

interface MilestonesStore {
  contracts: Contract[];
  // The Idempotency-Key of every funding request, in order.
  fundKeys: string[];
  payments: Payment[];
}

export function fakeMilestonesApi(
  server: FakeServer,
  {
    contracts = [],
    // 'pending': the provider confirms later (202), the milestone stays unfunded meanwhile.
    fundingOutcome = 'completed',
  }: { contracts?: Contract[]; fundingOutcome?: 'completed' | 'pending' } = {},
): MilestonesStore {
  const store: MilestonesStore = { contracts: contracts.map(withTotals), fundKeys: [], payments: [] };
  const answered = new Map<string, { payment: Payment; contract: Contract }>();
  const now = () => new Date().toISOString();
  const findContract = (id: string) => store.contracts.find((contract) => contract.id === id);
  const contractOf = (milestoneId: string) =>
    store.contracts.find((contract) => contract.milestones.some((milestone) => milestone.id === milestoneId));
  const notFound = () => replyError(404, 'not_found', milestoneTexts.contractNotFound);

  // Replaces a milestone of its contract: the contract as it is then.
  function change(contract: Contract, milestoneId: string, changed: (milestone: Milestone) => Milestone): Contract {
    const next = withTotals({
      ...contract,
      milestones: contract.milestones.map((each) => (each.id === milestoneId ? changed(each) : each)),
    });
    store.contracts.splice(store.contracts.indexOf(contract), 1, next);
    return next;
  }

  // Moves the milestone when its status allows it: the contract as it is then, or the refusal. An ended
  // contract's funded milestones still move (only funding is refused, in its handler).
  function move(
    milestoneId: string,
    to: MilestoneStatus,
    refusal: string,
    changes: Partial<Milestone> | ((milestone: Milestone) => Partial<Milestone>) = {},
  ): Contract | ReturnType<typeof replyError> {
    const contract = contractOf(milestoneId);
    const milestone = contract?.milestones.find((each) => each.id === milestoneId);
    if (!contract || !milestone) return replyError(404, 'not_found', milestoneTexts.milestoneNotFound);
    if (!canMoveMilestone(milestone.status, to)) return replyError(409, 'conflict', refusal);
    const extra = typeof changes === 'function' ? changes(milestone) : changes;
    return change(contract, milestoneId, (each) => ({ ...each, status: to, ...extra }));
  }
  const isContract = (answer: Contract | ReturnType<typeof replyError>): answer is Contract => 'milestones' in answer;

  server.on(fixedPriceContract.companyContract, ({ params }) => findContract(params.id) ?? notFound());
  server.on(fixedPriceContract.applicantContract, ({ params }) => findContract(params.id) ?? notFound());

  server.on(fixedPriceContract.fund, ({ params, body, headers }) => {
    const key = headers['idempotency-key'];
    if (!key) return replyError(400, 'validation', paymentTexts.idempotencyKeyRequired);
    store.fundKeys.push(key);
    const earlier = answered.get(key);
    if (earlier) return earlier;
    const contract = contractOf(params.id);
    const milestone = contract?.milestones.find((each) => each.id === params.id);
    if (!contract || !milestone) return replyError(404, 'not_found', milestoneTexts.milestoneNotFound);
    if (contract.status === 'ended') return replyError(409, 'conflict', milestoneTexts.contractEnded);
    if (milestone.status !== 'unfunded') return replyError(409, 'conflict', milestoneTexts.alreadyFunded);
    if (!body.payment_method_id && !body.new_method) return replyError(400, 'validation', paymentTexts.chooseMethod);
    const isPending = fundingOutcome === 'pending';
    const payment: Payment = {
      id: fakeId(),
      invoice_id: null,
      invoice_number: null,
      milestone_id: milestone.id,
      milestone_title: milestone.title,
      company_name: contract.company_name,
      amount_cents: milestone.charge.total_cents,
      currency: contract.currency,
      status: isPending ? 'pending' : 'completed',
      method_label: 'Visa ending in 4242',
      failure_message: null,
      created_at: now(),
      completed_at: isPending ? null : now(),
      refunded_cents: 0,
      refunded_at: null,
      display_status: isPending ? 'pending' : 'completed',
    };
    store.payments.unshift(payment);
    const funded = isPending ? contract : move(milestone.id, 'funded', milestoneTexts.cannotFund, { funded_at: now() });
    if (!isContract(funded)) return funded;
    const answer = { payment, contract: funded };
    answered.set(key, answer);
    return isPending ? reply(202, answer) : answer;
  });

  // The submission hands in every file waiting on the milestone.
  server.on(fixedPriceContract.submit, ({ params, body }) => {
    const at = now();
    return move(params.id, 'submitted', milestoneTexts.cannotSubmit, (milestone) => ({
      submitted_at: at,
      submission_message: body.message,
      auto_approve_on: '2026-12-29',
      files: milestone.files.map((file) => (file.submitted_at === null ? { ...file, submitted_at: at } : file)),
    }));
  });

  server.on(fixedPriceContract.uploadFile, ({ params, body, headers }) => {
    const contract = contractOf(params.id);
    const milestone = contract?.milestones.find((each) => each.id === params.id);
    if (!contract || !milestone) return replyError(404, 'not_found', milestoneTexts.milestoneNotFound);
    const type = (headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    if (!(attachmentTypeList as readonly string[]).includes(type)) {
      return replyError(415, 'unsupported_media_type', messagingTexts.attachmentType);
    }
    if (body.size > ATTACHMENT_MAX_BYTES)
      return replyError(413, 'payload_too_large', messagingTexts.attachmentTooLarge);
    if (milestone.status !== 'funded' && milestone.status !== 'changes_requested') {
      return replyError(409, 'conflict', milestoneTexts.cannotAttach);
    }
    const waiting = milestone.files.filter((file) => file.submitted_at === null);
    if (waiting.length >= SUBMISSION_FILES_MAX) return replyError(409, 'conflict', milestoneTexts.tooManyFiles);
    const id = fakeId();
    const file: MilestoneFile = {
      id,
      name: decodeURIComponent(headers['x-file-name'] ?? 'file'),
      content_type: type,
      size: body.size,
      submitted_at: null,
      download_url: `/api/applicant/milestones/${milestone.id}/files/${id}`,
    };
    change(contract, milestone.id, (each) => ({ ...each, files: [...each.files, file] }));
    return reply(201, file);
  });

  server.on(fixedPriceContract.removeFile, ({ params }) => {
    const contract = contractOf(params.id);
    const file = contract?.milestones
      .find((each) => each.id === params.id)
      ?.files.find((each) => each.id === params.file_id);
    if (!contract || !file) return replyError(404, 'not_found', milestoneTexts.fileNotFound);
    if (file.submitted_at !== null) return replyError(409, 'conflict', milestoneTexts.fileSubmitted);
    change(contract, params.id, (each) => ({ ...each, files: each.files.filter((kept) => kept.id !== file.id) }));
    return reply(204);
  });

  // Either side disputes submitted work: the money stays held.
  for (const [endpoint, side] of [
    [fixedPriceContract.companyDispute, 'company'],
    [fixedPriceContract.applicantDispute, 'applicant'],
  ] as const) {
    server.on(endpoint, ({ params, body }) =>
      move(params.id, 'disputed', milestoneTexts.cannotDispute, {
        auto_approve_on: null,
        dispute: { reason: body.reason, opened_by: side, opened_at: now(), settled_at: null, settlement_note: null },
      }),
    );
  }

  // The talent gives a funded milestone's money back: the whole charge goes to the company.
  server.on(fixedPriceContract.refund, ({ params }) =>
    move(params.id, 'refunded', milestoneTexts.cannotRefund, (milestone) => ({
      refunded_cents: milestone.amount_cents,
    })),
  );
  server.on(fixedPriceContract.approve, ({ params }) => {
    const current = contractOf(params.id)?.milestones.find((each) => each.id === params.id);
    return move(params.id, 'approved', milestoneTexts.cannotReview, {
      approved_at: now(),
      auto_approve_on: null,
      released_cents: current?.amount_cents ?? 0,
      invoice_id: fakeId(),
    });
  });
  server.on(fixedPriceContract.requestChanges, ({ params, body }) => {
    return move(params.id, 'changes_requested', milestoneTexts.cannotReview, {
      changes_comment: body.comment,
      auto_approve_on: null,
    });
  });

  // Replaces a contract: the contract as it is then.
  function replace(contract: Contract, next: Contract): Contract {
    const changed = withTotals(next);
    store.contracts.splice(store.contracts.indexOf(contract), 1, changed);
    return changed;
  }
  const unfundedIds = (contract: Contract) =>
    contract.milestones.filter((milestone) => milestone.status === 'unfunded').map((milestone) => milestone.id);

  // Either side proposes the unfunded milestones as they should be: an unfunded one left out is removed.
  for (const [endpoint, side] of [
    [fixedPriceContract.companyPropose, 'company'],
    [fixedPriceContract.applicantPropose, 'applicant'],
  ] as const) {
    server.on(endpoint, ({ params, body }) => {
      const contract = findContract(params.id);
      if (!contract) return notFound();
      if (contract.status === 'ended') return replyError(409, 'conflict', milestoneTexts.contractEnded);
      if (contract.pending_proposal) return replyError(409, 'conflict', milestoneTexts.proposalPending);
      const unfunded = unfundedIds(contract);
      const listed = body.milestones.flatMap((milestone) => (milestone.id ? [milestone.id] : []));
      if (listed.some((id) => !unfunded.includes(id))) {
        return replyError(409, 'conflict', milestoneTexts.proposalStale);
      }
      const removedIds = unfunded.filter((id) => !listed.includes(id));
      const kept = contract.milestones.filter((milestone) => milestone.status !== 'cancelled').length;
      if (kept - removedIds.length + body.milestones.filter((milestone) => !milestone.id).length === 0) {
        return replyError(409, 'conflict', milestoneTexts.proposalEmpty);
      }
      const proposal: MilestoneProposal = {
        id: fakeId(),
        proposed_by: side,
        proposed_by_name: side === 'applicant' ? contract.applicant_name : null,
        created_at: now(),
        status: 'pending',
        milestones: body.milestones.map((milestone) => ({
          id: milestone.id ?? null,
          title: milestone.title,
          description: milestone.description ?? '',
          amount_cents: milestone.amount_cents,
          due_date: milestone.due_date,
        })),
        removed_ids: removedIds,
      };
      return reply(201, replace(contract, { ...contract, pending_proposal: proposal }));
    });
  }

  // The other side accepts or declines; the proposer withdraws. Accepting applies the proposal unless a
  // milestone in it was funded since (409, nothing changes).
  for (const [endpoint, side] of [
    [fixedPriceContract.companyAnswerProposal, 'company'],
    [fixedPriceContract.applicantAnswerProposal, 'applicant'],
  ] as const) {
    server.on(endpoint, ({ params, body }) => {
      const contract = store.contracts.find((each) => each.pending_proposal?.id === params.id);
      const proposal = contract?.pending_proposal;
      if (!contract || !proposal) return replyError(404, 'not_found', milestoneTexts.proposalNotFound);
      const isOwn = proposal.proposed_by === side;
      if (body.answer === 'withdraw' ? !isOwn : isOwn) return replyError(409, 'conflict', milestoneTexts.ownProposal);
      if (body.answer !== 'accept') return replace(contract, { ...contract, pending_proposal: null });
      const unfunded = unfundedIds(contract);
      const touched = [
        ...proposal.milestones.flatMap((milestone) => (milestone.id ? [milestone.id] : [])),
        ...proposal.removed_ids,
      ];
      if (touched.some((id) => !unfunded.includes(id))) {
        return replyError(409, 'conflict', milestoneTexts.proposalStale);
      }
      const edited = contract.milestones.map((milestone): Milestone => {
        if (proposal.removed_ids.includes(milestone.id)) return { ...milestone, status: 'cancelled' };
        const proposed = proposal.milestones.find((each) => each.id === milestone.id);
        if (!proposed) return milestone;
        return { ...milestone, ...proposed, id: milestone.id, charge: fakeCharge(proposed.amount_cents) };
      });
      const added = proposal.milestones
        .filter((milestone) => milestone.id === null)
        .map((milestone, index) =>
          fakeMilestone({
            ...milestone,
            id: fakeId(),
            position: edited.length + index + 1,
          }),
        );
      return replace(contract, { ...contract, milestones: [...edited, ...added], pending_proposal: null });
    });
  }

  return store;
}
