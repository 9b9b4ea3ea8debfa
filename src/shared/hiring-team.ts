import { z } from 'zod';
import { companyRoles } from './permissions';

// A job's hiring team (docs/decisions/032): the members who get its notifications and interview for it.
// Only a member whose role may read the pipeline can be on one, or be @mentioned in a note.

export const PIPELINE_MEMBERS_PAGE_SIZE = 8;
// Enough for any real team; past it, a company adds people to a job's team more slowly than it would read them.
export const HIRING_TEAM_MAX = 50;

export const hiringTeamTexts = {
  notAMember: 'This person is not a member of your company.',
  cannotReadPipeline: 'This member’s role cannot see applications, so they cannot join a hiring team.',
  alreadyOnTeam: 'This member is already on the hiring team.',
  notOnTeam: 'This member is not on the hiring team.',
  teamFull: `A hiring team has at most ${HIRING_TEAM_MAX} members.`,
  chooseMember: 'Choose a member to add.',
  loadError: 'Failed to load the hiring team. Please try again.',
  membersLoadError: 'Failed to load your colleagues. Please try again.',
} as const;

export const pipelineMemberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(companyRoles),
});
export type PipelineMember = z.infer<typeof pipelineMemberSchema>;

// GET /api/company/pipeline-members: colleagues who may read the pipeline, by name or email (a picker's
// options: the first page only, so a big company is searched rather than scrolled).
export const pipelineMemberQuerySchema = z.object({
  q: z.string().trim().max(100).optional().default(''),
  // Leave out who is already on this job's team (the "add to team" picker).
  not_on_job: z.uuid({ message: 'This job does not exist.' }).optional(),
});
export const pipelineMemberListSchema = z.object({ items: z.array(pipelineMemberSchema) });
export type PipelineMemberList = z.infer<typeof pipelineMemberListSchema>;

export const hiringTeamMemberSchema = pipelineMemberSchema.extend({ added_at: z.string() });
export type HiringTeamMember = z.infer<typeof hiringTeamMemberSchema>;

// GET /api/jobs/:id/hiring-team: the team (empty: every member who may read the pipeline hears of the job)
// and the criteria its scorecards rate.
export const hiringTeamSchema = z.object({
  members: z.array(hiringTeamMemberSchema),
  scorecard_criteria: z.array(z.string()),
  // True while the job has not set its own criteria.
  default_criteria: z.boolean(),
});
export type HiringTeam = z.infer<typeof hiringTeamSchema>;

export const addHiringTeamMemberSchema = z.object({
  user_id: z.uuid({ message: hiringTeamTexts.chooseMember }),
});
export const removeHiringTeamMemberQuerySchema = z.object({
  user_id: z.uuid({ message: hiringTeamTexts.notOnTeam }),
});
