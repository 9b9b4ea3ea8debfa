import { paths } from '~/shared/routes';
import { type MoveConsequences, type MoveContext, noConsequences, toCompany } from './move-consequences';

// The applicant declined the offer or withdrew: the company's people hear of it.
export function applicantLeaveConsequences({
  application,
  from,
  applicantName,
  members,
}: MoveContext): MoveConsequences {
  const consequences = noConsequences();
  const link = paths.companyJob.getHref({ id: application.jobId });
  consequences.notifications.push(
    ...toCompany(
      members,
      from === 'offered'
        ? {
            type: 'offer_declined',
            title: `${applicantName} declined your offer`,
            body: `${applicantName} declined the offer for ${application.jobTitle}.`,
            link,
          }
        : {
            type: 'application_withdrawn',
            title: `${applicantName} withdrew their application`,
            body: `${applicantName} withdrew from ${application.jobTitle}.`,
            link,
          },
    ),
  );
  return consequences;
}
