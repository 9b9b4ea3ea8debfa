import { applicationStatusLabels, applicationTexts } from '~/shared/applications';
import { paths } from '~/shared/routes';
import { offerMadeEmail } from '../../mail/templates/offer-made';
import { type MoveConsequences, type MoveContext, noConsequences } from './move-consequences';

// A company moved the application: the applicant hears of it, and an offer comes by email too.
export function companyMoveConsequences({
  application,
  to,
  applicant,
  applicantName,
  offer,
  agreementTitles = [],
  rejectionReason,
}: MoveContext): MoveConsequences {
  const consequences = noConsequences();
  const link = paths.applicantApplications.getHref();
  consequences.notifications.push(
    to === 'offered'
      ? {
          userId: application.applicantId,
          type: 'offer_made',
          title: `Offer for ${application.jobTitle}`,
          body: 'You have an offer. Open My Applications to accept or decline it.',
          link,
        }
      : {
          userId: application.applicantId,
          type: 'application_stage_changed',
          title: `${application.jobTitle}: ${applicationStatusLabels[to]}`,
          body:
            to === 'rejected'
              ? rejectionReason?.trim() || applicationTexts.defaultRejectionReason
              : `Your application moved to ${applicationStatusLabels[to]}.`,
          link,
        },
  );
  if (to === 'offered' && applicant && offer) {
    consequences.emails.push({
      to: applicant.email,
      email: offerMadeEmail({
        name: applicantName,
        jobTitle: application.jobTitle,
        offer,
        currency: application.currency,
        agreements: agreementTitles,
      }),
    });
  }
  return consequences;
}
