import { fakeId } from '~/client/testing/data-generators';
import { fakeCharge, fakeContract, fakeMilestone } from '~/client/testing/fake-milestones-api';
import { type FakeServer, replyError } from '~/client/testing/fake-server';
import { fixedPriceContract } from '~/shared/contracts/fixed-price';
import {
  type DisputeDetail,
  type DisputeStatus,
  type DisputeSummary,
  type Milestone,
  milestoneTexts,
  type SettleDisputeInput,
} from '~/shared/milestones';

// The administrators' Disputes for component tests (docs/decisions/035), answered from memory with the
// server's rules the screen relies on: open disputes oldest first and settled ones newest first, a page at a
// time; a settlement of a dispute that is not open is a 409, a release above what is held a 400 naming
// release_cents; a settlement answers the dispute as it stands after it.

interface FakeDisputeOptions {
  title?: string;
  amountCents?: number;
  status?: DisputeStatus;
  companyName?: string;
  applicantName?: string;
  role?: string;
  openedBy?: DisputeSummary['opened_by'];
  openedByName?: string | null;
  openedAt?: string;
  reason?: string;
  releasedCents?: number;
  history?: DisputeDetail['history'];
  messages?: DisputeDetail['messages'];
}

// A disputed milestone (the second of three) of a fixed-price contract, with its submission, files,
// history and the two sides' messages; settled when `status` says so.
export function fakeDisputeDetail({
  title = 'Wireframes',
  amountCents = 150_000,
  status = 'open',
  companyName = 'Acme',
  applicantName = 'Grace Hopper',
  role = 'Mobile App Designer',
  openedBy = 'company',
  openedByName = 'Carla Company',
  openedAt = '2026-11-20T12:00:00.000Z',
  reason = 'Two of the five screens are missing.',
  releasedCents = 0,
  history,
  messages,
}: FakeDisputeOptions = {}): DisputeDetail {
  const isSettled = status === 'settled';
  const settledAt = isSettled ? '2026-11-24T12:00:00.000Z' : null;
  const disputed: Milestone = fakeMilestone({
    position: 2,
    title,
    amount_cents: amountCents,
    charge: fakeCharge(amountCents),
    status: isSettled ? 'settled' : 'disputed',
    funded_at: '2026-11-02T12:00:00.000Z',
    submitted_at: '2026-11-18T12:00:00.000Z',
    submission_message: 'Here are the wireframes, as agreed.',
    files: [
      {
        id: fakeId(),
        name: 'wireframes.pdf',
        content_type: 'application/pdf',
        size: 1_468_006,
        submitted_at: '2026-11-18T12:00:00.000Z',
        download_url: '/api/admin/milestones/m/files/f',
      },
    ],
    released_cents: isSettled ? releasedCents : 0,
    refunded_cents: isSettled ? amountCents - releasedCents : 0,
    dispute: {
      reason,
      opened_by: openedBy,
      opened_at: openedAt,
      settled_at: settledAt,
      settlement_note: isSettled ? 'Split as agreed on the call.' : null,
    },
  });
  const contract = fakeContract({
    role,
    company_name: companyName,
    applicant_name: applicantName,
    milestones: [
      fakeMilestone({
        position: 1,
        title: 'Research',
        amount_cents: 50_000,
        status: 'approved',
        released_cents: 50_000,
      }),
      disputed,
      fakeMilestone({ position: 3, title: 'Visual design', amount_cents: 200_000 }),
    ],
  });
  return {
    dispute: {
      id: disputed.id,
      contract_id: contract.id,
      milestone_title: title,
      role,
      company_name: companyName,
      applicant_name: applicantName,
      funded_cents: amountCents,
      reason,
      opened_by: openedBy,
      opened_by_name: openedByName,
      opened_at: openedAt,
      status,
      settled_at: settledAt,
      released_cents: disputed.released_cents,
      refunded_cents: disputed.refunded_cents,
    },
    contract,
    charge: disputed.charge,
    history: history ?? [
      { action: 'milestone.funded', actor_name: 'Carla Company', at: '2026-11-02T12:00:00.000Z', details: {} },
      { action: 'milestone.submitted', actor_name: applicantName, at: '2026-11-18T12:00:00.000Z', details: {} },
      { action: 'milestone.disputed', actor_name: openedByName, at: openedAt, details: { reason } },
    ],
    messages: messages ?? [
      {
        id: fakeId(),
        sender_name: applicantName,
        body: 'The last two screens were never in the brief.',
        sent_at: '2026-11-19T09:00:00.000Z',
      },
      {
        id: fakeId(),
        sender_name: 'Carla Company',
        body: 'They were in the kickoff call notes.',
        sent_at: '2026-11-19T10:30:00.000Z',
      },
    ],
    settlement_note: isSettled ? 'Split as agreed on the call.' : null,
  };
}

interface DisputesStore {
  disputes: DisputeDetail[];
  // Every settlement asked for, in order.
  settlements: Array<{ id: string; body: SettleDisputeInput }>;
}

export function fakeDisputesApi(
  server: FakeServer,
  { disputes = [], adminName = 'Ada Admin' }: { disputes?: DisputeDetail[]; adminName?: string } = {},
): DisputesStore {
  const store: DisputesStore = { disputes: [...disputes], settlements: [] };
  const find = (id: string) => store.disputes.find((detail) => detail.dispute.id === id);
  const notFound = () => replyError(404, 'not_found', milestoneTexts.disputeNotFound);

  server.on(fixedPriceContract.disputes, ({ query }) => {
    const status = (query.get('status') ?? 'open') as DisputeStatus;
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('page_size') ?? 20);
    const found = store.disputes
      .map((detail) => detail.dispute)
      .filter((dispute) => dispute.status === status)
      .sort((first, second) =>
        status === 'open'
          ? first.opened_at.localeCompare(second.opened_at)
          : (second.settled_at ?? '').localeCompare(first.settled_at ?? ''),
      );
    return {
      items: found.slice((page - 1) * pageSize, page * pageSize),
      total: found.length,
      page,
      page_size: pageSize,
    };
  });

  server.on(fixedPriceContract.dispute, ({ params }) => find(params.id) ?? notFound());

  server.on(fixedPriceContract.settleDispute, ({ params, body }) => {
    const detail = find(params.id);
    if (!detail) return notFound();
    store.settlements.push({ id: params.id, body });
    const { dispute } = detail;
    if (dispute.status !== 'open') return replyError(409, 'conflict', milestoneTexts.cannotSettle);
    if (body.release_cents > dispute.funded_cents) {
      const message = milestoneTexts.releaseRange(dispute.funded_cents);
      return replyError(400, 'validation', message, { release_cents: message });
    }
    const at = new Date().toISOString();
    const released = body.release_cents;
    const refunded = dispute.funded_cents - released;
    const settled: DisputeDetail = {
      ...detail,
      dispute: { ...dispute, status: 'settled', settled_at: at, released_cents: released, refunded_cents: refunded },
      contract: {
        ...detail.contract,
        milestones: detail.contract.milestones.map((milestone) =>
          milestone.id === dispute.id
            ? {
                ...milestone,
                status: 'settled',
                released_cents: released,
                refunded_cents: refunded,
                dispute: milestone.dispute && { ...milestone.dispute, settled_at: at, settlement_note: body.note },
              }
            : milestone,
        ),
      },
      history: [...detail.history, { action: 'milestone.settled', actor_name: adminName, at, details: {} }],
      settlement_note: body.note,
    };
    store.disputes.splice(store.disputes.indexOf(detail), 1, settled);
    return settled;
  });

  return store;
}
