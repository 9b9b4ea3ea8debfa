import { ProposalFileLinks } from '~/client/components/proposal-file-links';
import { ScreeningAnswers } from '~/client/components/screening-answers';
import type { ApplicantApplication } from '~/shared/applications';
import { proposalFileTexts } from '~/shared/proposal-files';
import { screeningTexts } from '~/shared/screening-questions';

// What the applicant sent with an application besides the letter: their answers to the job's screening
// questions and the files they attached, folded away until asked for.
export function ApplicationSent({ application }: { application: ApplicantApplication }) {
  const { screening_answers: answers, attachments } = application;
  if (answers.length === 0 && attachments.length === 0) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="w-fit cursor-pointer text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
        What you sent
        <span className="sr-only">
          {' '}
          to {application.company_name} for {application.job_title}
        </span>
      </summary>
      <div className="mt-2 grid gap-3 border-l border-border pl-3">
        {answers.length > 0 && (
          <section aria-label={screeningTexts.heading} className="grid gap-1.5">
            <h3 className="font-medium">{screeningTexts.heading}</h3>
            <ScreeningAnswers answers={answers} />
          </section>
        )}
        {attachments.length > 0 && (
          <section aria-label={proposalFileTexts.heading} className="grid gap-1.5">
            <h3 className="font-medium">{proposalFileTexts.heading}</h3>
            <ProposalFileLinks files={attachments} />
          </section>
        )}
      </div>
    </details>
  );
}
