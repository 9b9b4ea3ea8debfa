import type { z } from 'zod';
import type { fixedPriceOfferSchema } from '~/shared/milestones';
import type { OfferTerms } from '~/shared/offered-milestones';
import type { offerSchema } from '~/shared/pipeline';
import type { Database } from '../db/client';
import { moveApplication } from '../kernels/hiring/move-application';
import type { Mailer } from '../mail/mailer';

interface OfferRequest<Offer> {
  db: Database;
  mailer?: Mailer;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  id: string;
  offer: Offer;
}

// The application moves to offered through the one move operation, with the offer's terms; the applicant
// then accepts or declines in My Applications.
function offerJob(
  { db, mailer, companyId, actorId, ipAddress, id }: Omit<OfferRequest<unknown>, 'offer'>,
  terms: OfferTerms,
  agreements: string[],
  auditDetails: Record<string, unknown>,
) {
  return moveApplication({
    db,
    mailer,
    applicationId: id,
    to: 'offered',
    actor: { mover: 'company', actorId, companyId },
    offer: terms,
    offerAgreements: agreements,
    ipAddress,
    auditDetails,
  });
}

// Offers the job on these terms: rate, weekly hours and a start date (the schema has checked them).
export function makeOffer({ offer, ...request }: OfferRequest<z.output<typeof offerSchema>>) {
  return offerJob(
    request,
    { rateCents: Math.round(offer.rate * 100), weeklyHours: offer.weekly_hours, startDate: offer.start_date },
    offer.agreements,
    { agreements: offer.agreements, rate: offer.rate, weekly_hours: offer.weekly_hours, start_date: offer.start_date },
  );
}

// Offers a fixed-price job (decision 035): a total split into milestones that add up to it (the schema
// checked the sum and the dates), from a start date. Accepting copies the milestones into the contract.
export function makeFixedPriceOffer({ offer, ...request }: OfferRequest<z.output<typeof fixedPriceOfferSchema>>) {
  return offerJob(request, { startDate: offer.start_date, milestones: offer.milestones }, offer.agreements, {
    agreements: offer.agreements,
    total_cents: offer.total_cents,
    start_date: offer.start_date,
    milestones: offer.milestones.map(({ title, amount_cents, due_date }) => ({ title, amount_cents, due_date })),
  });
}
