import type { z } from 'zod';
import type { offerSchema } from '~/shared/pipeline';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { moveApplication } from '../platform/move-application';

// Offers the job to an applicant on these terms: rate, weekly hours and a start date (the schema has
// checked them). The application moves to offered through the one move operation; the applicant then
// accepts or declines in My Applications.
export async function makeOffer({
  db,
  mailer,
  companyId,
  actorId,
  ipAddress,
  id,
  offer,
}: {
  db: Database;
  mailer?: Mailer;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  id: string;
  offer: z.output<typeof offerSchema>;
}) {
  return moveApplication({
    db,
    mailer,
    applicationId: id,
    to: 'offered',
    actor: { mover: 'company', actorId, companyId },
    offer: { rateCents: Math.round(offer.rate * 100), weeklyHours: offer.weekly_hours, startDate: offer.start_date },
    ipAddress,
    auditDetails: { rate: offer.rate, weekly_hours: offer.weekly_hours, start_date: offer.start_date },
  });
}
