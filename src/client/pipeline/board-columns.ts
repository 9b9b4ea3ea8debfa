import { applicationStatuses, applicationStatusLabels } from '~/shared/application-statuses';
import type { ApplicationStatus } from '~/shared/applications';
import type { InterviewStage } from '~/shared/interview-stages';
import type { JobApplication } from '~/shared/jobs';

// The board's columns: a stage each, but Interviewing split into the job's interview stages when it has
// them (shared/interview-stages.ts). A column's id is its stage, or "interviewing:<stage id>".
export interface BoardColumnSpec {
  id: string;
  status: ApplicationStatus;
  interviewStageId?: string;
  label: string;
}

export function boardColumnsOf(interviewStages: readonly InterviewStage[]): BoardColumnSpec[] {
  return applicationStatuses.flatMap((status): BoardColumnSpec[] =>
    status === 'interviewing' && interviewStages.length > 0
      ? interviewStages.map((stage) => ({
          id: `${status}:${stage.id}`,
          status,
          interviewStageId: stage.id,
          label: stage.name,
        }))
      : [{ id: status, status, label: applicationStatusLabels[status] }],
  );
}

// The column a card is in: its interview stage's while it has one.
export const columnIdOf = (card: Pick<JobApplication, 'status' | 'interview_stage_id'>) =>
  card.status === 'interviewing' && card.interview_stage_id ? `${card.status}:${card.interview_stage_id}` : card.status;

// Whether a card belongs in a column: its stage, and in a split Interviewing its interview stage.
export const isInColumn = (
  card: Pick<JobApplication, 'status' | 'interview_stage_id'>,
  column: Pick<BoardColumnSpec, 'status' | 'interviewStageId'>,
) =>
  card.status === column.status &&
  (column.interviewStageId === undefined || card.interview_stage_id === column.interviewStageId);
