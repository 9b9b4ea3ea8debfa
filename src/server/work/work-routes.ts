import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveTimesheetSchema,
  assignmentListQuerySchema,
  assignmentListSchema,
  assignmentSchema,
  changeAssignmentTermsSchema,
  clockStateSchema,
  endAssignmentSchema,
  returnTimesheetSchema,
  saveTimesheetSchema,
  timesheetListQuerySchema,
  timesheetListSchema,
  timesheetSchema,
  workTexts,
} from '~/shared/billing';
import type { Permission } from '~/shared/permissions';
import type { AppContext } from '../app-context';
import { currentAuth, forbiddenMessage } from '../platform/access-control';
import { AppError } from '../platform/errors';
import { actorOf, companyActorOf, errorResponses, idParams, malformedIdMessage } from '../platform/route-schemas';
import { approveTimesheet } from './approve-timesheet';
import type { WorkActor } from './assignment-views';
import { changeAssignmentTerms } from './change-assignment-terms';
import { resumeShift, takeBreak } from './clock-break';
import { clockIn } from './clock-in';
import { clockOut } from './clock-out';
import { getClock } from './clock-state';
import { endAssignment } from './end-assignment';
import { findAssignments } from './find-assignments';
import { findTimesheets } from './find-timesheets';
import { getTimesheet } from './get-timesheet';
import { returnTimesheet } from './return-timesheet';
import { saveTimesheet } from './save-timesheet';
import { startAssignment } from './start-assignment';
import { submitTimesheet } from './submit-timesheet';

const tags = ['work'];
const assignmentParams = idParams('assignment');
const timesheetParams = idParams('timesheet');
const weekParams = z.object({
  assignment_id: z.uuid({ message: malformedIdMessage('assignment') }),
  week_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: workTexts.weekStartsOnSunday }),
});

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

// Work (issue 15): assignments (pending → active → ended, terms over time), the talent's weekly
// timesheets and clock, and the company's approval. Each side reaches only its own: another company's
// or another talent's assignment or week is a 404.
export async function workRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------ assignments

  const lists = [
    {
      url: '/api/company/assignments',
      permission: 'read:assignment:own',
      summary: 'Your company’s assignments, newest start first',
      actor: (request: FastifyRequest): WorkActor => companyActor(request),
    },
    {
      url: '/api/applicant/assignments',
      permission: 'read:assignment:own',
      summary: 'Your assignments, newest start first',
      actor: (request: FastifyRequest): WorkActor => ({ kind: 'applicant', actorId: applicantIdOf(request) }),
    },
    {
      url: '/api/admin/assignments',
      permission: 'read:assignment:any',
      summary: 'Every assignment on the platform, newest start first',
      actor: (request: FastifyRequest): WorkActor => adminActor(request),
    },
  ] as const satisfies ReadonlyArray<{ url: string; permission: Permission; summary: string; actor: unknown }>;
  for (const list of lists) {
    routes.get(
      list.url,
      {
        config: { access: { permission: list.permission } },
        schema: {
          tags,
          summary: list.summary,
          querystring: assignmentListQuerySchema,
          response: { 200: assignmentListSchema, ...errorResponses },
        },
      },
      async (request) =>
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
    { prefix: '/api/company/assignments', permission: 'update:assignment:own', actor: companyActor },
    { prefix: '/api/admin/assignments', permission: 'update:assignment:any', actor: adminActor },
  ] as const satisfies ReadonlyArray<{ prefix: string; permission: Permission; actor: unknown }>;
  for (const manager of managers) {
    const config = { access: { permission: manager.permission } };
    routes.post(
      `${manager.prefix}/:id/start`,
      {
        config,
        schema: {
          tags,
          summary: 'Start a pending assignment, on or after its start date (409 otherwise)',
          params: assignmentParams,
          response: { 200: assignmentSchema, ...errorResponses },
        },
      },
      async (request) =>
        startAssignment({
          db,
          assignmentId: request.params.id,
          actor: manager.actor(request),
          ipAddress: request.ip,
        }),
    );

    routes.post(
      `${manager.prefix}/:id/end`,
      {
        config,
        schema: {
          tags,
          summary: 'End an active assignment on its last day, saying why',
          params: assignmentParams,
          body: endAssignmentSchema,
          response: { 200: assignmentSchema, ...errorResponses },
        },
      },
      async (request) =>
        endAssignment({
          db,
          assignmentId: request.params.id,
          actor: manager.actor(request),
          endDate: request.body.end_date,
          reason: request.body.reason,
          ipAddress: request.ip,
        }),
    );

    routes.post(
      `${manager.prefix}/:id/terms`,
      {
        config,
        schema: {
          tags,
          summary: 'Change the rate and/or weekly hours from a day on (a second change that day replaces it)',
          params: assignmentParams,
          body: changeAssignmentTermsSchema,
          response: { 200: assignmentSchema, ...errorResponses },
        },
      },
      async (request) =>
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

  routes.get(
    '/api/applicant/timesheets',
    {
      config: { access: { permission: 'read:timesheet:own' } },
      schema: {
        tags,
        summary: 'Your saved weeks, newest first',
        querystring: timesheetListQuerySchema,
        response: { 200: timesheetListSchema, ...errorResponses },
      },
    },
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

  routes.get(
    '/api/applicant/timesheets/:assignment_id/:week_start',
    {
      config: { access: { permission: 'read:timesheet:own' } },
      schema: {
        tags,
        summary: 'One week (named by its Sunday) of one of your assignments; id is null until something is saved',
        params: weekParams,
        response: { 200: timesheetSchema, ...errorResponses },
      },
    },
    async (request) =>
      getTimesheet({
        db,
        applicantId: applicantIdOf(request),
        assignmentId: request.params.assignment_id,
        weekStart: request.params.week_start,
      }),
  );

  routes.put(
    '/api/applicant/timesheets/:assignment_id/:week_start',
    {
      config: { access: { permission: 'update:timesheet:own' } },
      schema: {
        tags,
        summary: 'Save the week’s hours day by day (replaces the week’s days; 409 once submitted or approved)',
        params: weekParams,
        body: saveTimesheetSchema,
        response: { 200: timesheetSchema, ...errorResponses },
      },
    },
    async (request) =>
      saveTimesheet({
        db,
        applicantId: applicantIdOf(request),
        assignmentId: request.params.assignment_id,
        weekStart: request.params.week_start,
        input: request.body,
      }),
  );

  routes.post(
    '/api/applicant/timesheets/:assignment_id/:week_start/submit',
    {
      config: { access: { permission: 'update:timesheet:own' } },
      schema: {
        tags,
        summary: 'Submit the week to the company for approval',
        params: weekParams,
        response: { 200: timesheetSchema, ...errorResponses },
      },
    },
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

  routes.get(
    '/api/applicant/clock',
    {
      config: { access: { permission: 'read:timesheet:own' } },
      schema: {
        tags,
        summary: 'Your clock on each of your active assignments',
        response: { 200: z.object({ items: z.array(clockStateSchema) }), ...errorResponses },
      },
    },
    async (request) => getClock({ db, applicantId: applicantIdOf(request) }),
  );

  const clockMoves = [
    { action: 'in', summary: 'Clock in: start a shift (one open shift per assignment)', move: clockIn },
    { action: 'break', summary: 'Take a break from the open shift', move: takeBreak },
    { action: 'resume', summary: 'Resume the shift after a break', move: resumeShift },
    { action: 'out', summary: 'Clock out: the shift’s minutes go on the week’s timesheet', move: clockOut },
  ] as const;
  for (const clockMove of clockMoves) {
    routes.post(
      `/api/applicant/assignments/:id/clock/${clockMove.action}`,
      {
        config: { access: { permission: 'update:timesheet:own' } },
        schema: {
          tags,
          summary: clockMove.summary,
          params: assignmentParams,
          response: { 200: clockStateSchema, ...errorResponses },
        },
      },
      async (request) => clockMove.move({ db, applicantId: applicantIdOf(request), assignmentId: request.params.id }),
    );
  }

  // ------------------------------------------------------------ the company's review

  routes.get(
    '/api/company/timesheets',
    {
      config: { access: { permission: 'read:timesheet:own' } },
      schema: {
        tags,
        summary: 'Saved weeks of your company’s assignments, newest first',
        querystring: timesheetListQuerySchema,
        response: { 200: timesheetListSchema, ...errorResponses },
      },
    },
    async (request) =>
      findTimesheets({
        db,
        actor: companyActor(request),
        status: request.query.status,
        assignmentId: request.query.assignment_id,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  routes.post(
    '/api/company/timesheets/:id/approve',
    {
      config: { access: { permission: 'update:timesheet:own' } },
      schema: {
        tags,
        summary: 'Approve a submitted week: it is locked and the talent’s pay for it fixed',
        params: timesheetParams,
        body: approveTimesheetSchema,
        response: { 200: timesheetSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId, actorId, ipAddress } = companyActorOf(request);
      return approveTimesheet({
        db,
        companyId,
        actorId,
        timesheetId: request.params.id,
        approveOverWeeklyHours: request.body.approve_over_weekly_hours,
        ipAddress,
      });
    },
  );

  routes.post(
    '/api/company/timesheets/:id/return',
    {
      config: { access: { permission: 'update:timesheet:own' } },
      schema: {
        tags,
        summary: 'Return a submitted week to the talent with a comment',
        params: timesheetParams,
        body: returnTimesheetSchema,
        response: { 200: timesheetSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId, actorId, ipAddress } = companyActorOf(request);
      return returnTimesheet({
        db,
        companyId,
        actorId,
        timesheetId: request.params.id,
        comment: request.body.comment,
        ipAddress,
      });
    },
  );
}
