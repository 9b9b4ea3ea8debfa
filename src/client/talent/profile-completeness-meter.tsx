import { CircleCheckIcon } from 'lucide-react';
import { useId } from 'react';
import type { ApplicantProfile } from '~/shared/talent';

// How complete the saved profile is, and the parts still missing by name: companies pass over empty
// profiles, so the meter says what to add next.
export function ProfileCompletenessMeter({ completeness }: { completeness: ApplicantProfile['completeness'] }) {
  const labelId = useId();
  const summaryId = `${labelId}-summary`;
  const { percent, missing } = completeness;
  const isComplete = missing.length === 0;
  return (
    <div className="grid gap-2 rounded-md bg-muted px-3 py-3 sm:px-4">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium">
          Profile completeness
        </span>
        <span className="font-semibold tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-describedby={summaryId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% complete`}
        className="h-2 overflow-hidden rounded-full bg-border"
      >
        <div className={isComplete ? 'h-full bg-green-700' : 'h-full bg-primary'} style={{ width: `${percent}%` }} />
      </div>
      {isComplete ? (
        <p id={summaryId} className="flex items-center gap-1.5 text-sm text-green-900">
          <CircleCheckIcon className="size-4 shrink-0" aria-hidden="true" />
          Your profile is complete.
        </p>
      ) : (
        <p id={summaryId} className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">Missing:</span> {missing.join(', ')}
        </p>
      )}
    </div>
  );
}
