import type { FastifyInstance, FastifyRequest } from 'fastify';
import { workContract } from '~/shared/contracts/work';
import type { Permission } from '~/shared/permissions';
import type { AppContext } from '../app-context';
import type { WorkActor } from '../kernels/work/assignment-views';
import { currentAuth, forbiddenMessage } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { AppError } from '../platform/errors';
import { actorOf, companyActorOf } from '../platform/route-schemas';
import { approveTimesheet } from './approve-timesheet';
import { approveTimesheets } from './approve-timesheets';
import { changeAssignmentTerms } from './change-assignment-terms';
import { takeBreak } from './clock-break';
import { clockIn } from './clock-in';
import { clockOut } from './clock-out';
import { getClock } from './clock-state';
import { endAssignment } from './end-assignment';
import { findAssignments } from './find-assignments';
import { findCompanyTimesheets, findTimesheets } from './find-timesheets';
import { getTimesheet } from './get-timesheet';
import { resumeShift } from './resume-shift';
import { returnTimesheet } from './return-timesheet';
import { saveTimesheet } from './save-timesheet';
import { startAssignment } from './start-assignment';
import { submitTimesheet } from './submit-timesheet';

// The talent's own routes share permissions with the company's (read/update:timesheet:own): the
// applicant side answers applicants only, as the company side answers company members only.
function applicantIdOf(request: FastifyRequest): string {
  const { user } = currentAuth(request);
  if (user.role !== 'applicant') throw new AppError('forbidden', forbiddenMessage);
  return user.id;
}

const companyActor = (request: FastifyRequest): WorkActor & { kind: 'company' } => {
  const { companyId, actorId } = companyActorOf(request);
  return { kind: 'company', companyId, actorId };
};
const adminActor = (request: FastifyRequest): WorkActor & { kind: 'admin' } => ({
  kind: 'admin',
  actorId: actorOf(request).actorId,
});

// Work: assignments (pending → active → ended, terms over time), the talent's weekly
// timesheets and clock, and the company's approval. Each side reaches only its own: another company's
// or another talent's assignment or week is a 404.
export async function workRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;

  // ------------------------------------------------------------ assignments

  const lists = [
    {
      endpoint: workContract.companyAssignments,
      permission: 'read:assignment:own',
      actor: (request: FastifyRequest): WorkActor => companyActor(request),
    },
    {
      endpoint: workContract.applicantAssignments,
      permission: 'read:assignment:own',
      actor: (request: FastifyRequest): WorkActor => ({ kind: 'applicant', actorId: applicantIdOf(request) }),
    },
    {
      endpoint: workContract.adminAssignments,
      permission: 'read:assignment:any',
      actor: (request: FastifyRequest): WorkActor => adminActor(request),
    },
  ] as const satisfies ReadonlyArray<{ endpoint: unknown; permission: Permission; actor: unknown }>;
  for (const list of lists) {
    registerEndpoint(app, list.endpoint, { config: { access: { permission: list.permission } } }, async (request) =>
      findAssignments({
        db,
        actor: list.actor(request),
        status: request.query.status,
        q: request.query.q,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
    );
  }

  // The company acts on its own assignments, an administrator on any, through the same moves.
  const managers = [
    {
      start: workContract.startCompanyAssignment,
      end: workContract.endCompanyAssignment,
      terms: workContract.changeCompanyAssignmentTerms,
      permission: 'update:assignment:own',
      actor: companyActor,
    },
    {
      start: workContract.startAdminAssignment,
      end: workContract.endAdminAssignment,
      terms: workContract.changeAdminAssignmentTerms,
      permission: 'update:assignment:any',
      actor: adminActor,
    },
  ] as const satisfies ReadonlyArray<{
    start: unknown;
    end: unknown;
    terms: unknown;
    permission: Permission;
    actor: unknown;
  }>;
  // The talent ends their own assignment (as a freelancer ends a contract); the company is told.
  registerEndpoint(
    app,
    workContract.endApplicantAssignment,
    { config: { access: { permission: 'update:assignment:own' } } },
    async (request) =>
      endAssignment({
        db,
        assignmentId: request.params.id,
        actor: { kind: 'applicant', actorId: applicantIdOf(request) },
        endDate: request.body.end_date,
        reason: request.body.reason,
        ipAddress: request.ip,
      }),
  );

  for (const manager of managers) {
    const options = { config: { access: { permission: manager.permission } } };
    registerEndpoint(app, manager.start, options, async (request) =>
      startAssignment({
        db,
        assignmentId: request.params.id,
        actor: manager.actor(request),
        ipAddress: request.ip,
      }),
    );

    registerEndpoint(app, manager.end, options, async (request) =>
      endAssignment({
        db,
        assignmentId: request.params.id,
        actor: manager.actor(request),
        endDate: request.body.end_date,
        reason: request.body.reason,
        ipAddress: request.ip,
      }),
    );

    registerEndpoint(app, manager.terms, options, async (request) =>
      changeAssignmentTerms({
        db,
        assignmentId: request.params.id,
        actor: manager.actor(request),
        input: request.body,
        ipAddress: request.ip,
      }),
    );
  }

  // ------------------------------------------------------------ the talent's timesheets

  registerEndpoint(
    app,
    workContract.applicantTimesheets,
    { config: { access: { permission: 'read:timesheet:own' } } },
    async (request) =>
      findTimesheets({
        db,
        actor: { kind: 'applicant', actorId: applicantIdOf(request) },
        status: request.query.status,
        assignmentId: request.query.assignment_id,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  registerEndpoint(
    app,
    workContract.week,
    { config: { access: { permission: 'read:timesheet:own' } } },
    async (request) =>
      getTimesheet({
        db,
        applicantId: applicantIdOf(request),
        assignmentId: request.params.assignment_id,
        weekStart: request.params.week_start,
      }),
  );

  registerEndpoint(
    app,
    workContract.saveWeek,
    { config: { access: { permission: 'update:timesheet:own' } } },
    async (request) =>
      saveTimesheet({
        db,
        applicantId: applicantIdOf(request),
        assignmentId: request.params.assignment_id,
        weekStart: request.params.week_start,
        input: request.body,
      }),
  );

  registerEndpoint(
    app,
    workContract.submitWeek,
    { config: { access: { permission: 'update:timesheet:own' } } },
    async (request) =>
      submitTimesheet({
        db,
        applicantId: applicantIdOf(request),
        assignmentId: request.params.assignment_id,
        weekStart: request.params.week_start,
        ipAddress: request.ip,
      }),
  );

  // ------------------------------------------------------------ the clock

  registerEndpoint(
    app,
    workContract.clock,
    { config: { access: { permission: 'read:timesheet:own' } } },
    async (request) => getClock({ db, applicantId: applicantIdOf(request) }),
  );

  const clockMoves = [
    { endpoint: workContract.clockIn, move: clockIn },
    { endpoint: workContract.clockBreak, move: takeBreak },
    { endpoint: workContract.clockResume, move: resumeShift },
    { endpoint: workContract.clockOut, move: clockOut },
  ] as const;
  for (const clockMove of clockMoves) {
    registerEndpoint(
      app,
      clockMove.endpoint,
      { config: { access: { permission: 'update:timesheet:own' } } },
      async (request) => clockMove.move({ db, applicantId: applicantIdOf(request), assignmentId: request.params.id }),
    );
  }

  // ------------------------------------------------------------ the company's review

  registerEndpoint(
    app,
    workContract.companyTimesheets,
    { config: { access: { permission: 'read:timesheet:own' } } },
    async (request) =>
      findCompanyTimesheets({
        db,
        actor: companyActor(request),
        status: request.query.status,
        assignmentId: request.query.assignment_id,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  registerEndpoint(
    app,
    workContract.approveTimesheets,
    { config: { access: { permission: 'update:timesheet:own' } } },
    async (request) => approveTimesheets({ db, ...companyActorOf(request), input: request.body }),
  );

  registerEndpoint(
    app,
    workContract.approveTimesheet,
    { config: { access: { permission: 'update:timesheet:own' } } },
    async (request) =>
      approveTimesheet({
        db,
        ...companyActorOf(request),
        timesheetId: request.params.id,
        approveOverWeeklyHours: request.body.approve_over_weekly_hours,
      }),
  );

  registerEndpoint(
    app,
    workContract.returnTimesheet,
    { config: { access: { permission: 'update:timesheet:own' } } },
    async (request) =>
      returnTimesheet({
        db,
        ...companyActorOf(request),
        timesheetId: request.params.id,
        comment: request.body.comment,
      }),
  );
}
