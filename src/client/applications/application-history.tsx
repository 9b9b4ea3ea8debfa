import { fullDateLabel } from '~/client/lib/relative-date';
import { applicationStatusLabels } from '~/shared/application-statuses';
import type { ApplicantApplication } from '~/shared/applications';

const byLabel = { applicant: 'by you', company: 'by the company' } as const;

const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

// The stage changes of an application, oldest first, folded away until asked for.
export function ApplicationHistory({ application }: { application: ApplicantApplication }) {
  if (application.history.length === 0) return null;
  return (
    <details className="group mt-2 text-sm">
      <summary className="w-fit cursor-pointer text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
        Stage history ({application.history.length})<span className="sr-only"> of {application.job_title}</span>
      </summary>
      <ol className="mt-2 grid gap-1.5 border-l border-border pl-3">
        {application.history.map((entry) => (
          <li key={`${entry.at}-${entry.status}`}>
            <span className="font-medium">{applicationStatusLabels[entry.status]}</span>
            <span className="text-muted-foreground">
              {' · '}
              <time dateTime={entry.at} title={fullDateLabel(entry.at)}>
                {shortDate.format(new Date(entry.at))}
              </time>
              {entry.by && ` · ${byLabel[entry.by]}`}
            </span>
            {entry.note && <span className="block text-muted-foreground">{entry.note}</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}
