import type { RowConfirmation } from '~/client/components/data-list';
import { toast } from '~/client/components/ui/use-toast';
import { isApiError } from '~/client/lib/api-client';
import { applicantTexts } from '~/shared/application-statuses';
import type { ApplicantApplication, ApplicantApplicationAction } from '~/shared/applications';
import { possessive } from '~/shared/possessive';
import { useApplicationAction } from './api';
import { formatTerms } from './format-terms';

// The applicant's three moves on an application, each asked first in a confirm dialog, then done on the
// server, then said in a toast; a refusal (409: the stage moved on, 404) shows the server's sentence.

type ApplicationRef = Pick<ApplicantApplication, 'id' | 'job_title' | 'company_name' | 'offer' | 'currency'>;

const quoted = (application: ApplicationRef) => `“${application.job_title}”`;

export const applicationConfirmations: Record<
  ApplicantApplicationAction,
  (application: ApplicationRef) => RowConfirmation
> = {
  withdraw: (application) => ({
    title: 'Withdraw this application?',
    description: `${application.company_name} will no longer consider you for ${quoted(application)}. This cannot be undone.`,
    confirmLabel: 'Withdraw',
    destructive: true,
  }),
  'accept-offer': (application) => ({
    title: 'Accept this offer?',
    description: `You accept ${possessive(application.company_name)} offer for ${quoted(application)}${
      application.offer ? ` (${formatTerms(application.offer, application.currency)})` : ''
    }. You will be hired and your assignment is created.`,
    confirmLabel: 'Accept Offer',
  }),
  'decline-offer': (application) => ({
    title: 'Decline this offer?',
    description: `${application.company_name} will be told you declined the offer for ${quoted(application)}. This cannot be undone.`,
    confirmLabel: 'Decline Offer',
    destructive: true,
  }),
};

const successToasts: Record<
  ApplicantApplicationAction,
  (application: ApplicationRef) => { title: string; description: string }
> = {
  withdraw: (application) => ({
    title: applicantTexts.withdrawn,
    description: `Your application for ${quoted(application)} was withdrawn.`,
  }),
  'accept-offer': (application) => ({
    title: applicantTexts.offerAccepted,
    description: `You are hired for ${quoted(application)} at ${application.company_name}.`,
  }),
  'decline-offer': (application) => ({
    title: applicantTexts.offerDeclined,
    description: `You declined the offer for ${quoted(application)}.`,
  }),
};

const failureTitles: Record<ApplicantApplicationAction, string> = {
  withdraw: applicantTexts.withdrawErrorTitle,
  'accept-offer': applicantTexts.acceptErrorTitle,
  'decline-offer': applicantTexts.declineErrorTitle,
};

export function useApplicationActions() {
  const mutation = useApplicationAction();

  // onSettled: after the answer, whatever it was (the confirm dialog closes then).
  function run(action: ApplicantApplicationAction, application: ApplicationRef, onSettled?: () => void) {
    mutation.mutate(
      { id: application.id, action },
      {
        onSuccess: () => toast(successToasts[action](application)),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: failureTitles[action],
            description:
              isApiError(error) && error.status < 500 ? error.message : 'Something went wrong. Please try again.',
          }),
        onSettled,
      },
    );
  }

  return { run, isPending: mutation.isPending };
}
