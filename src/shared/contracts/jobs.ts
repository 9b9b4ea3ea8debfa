import { defineContract, fileOf } from '../contract';
import { idParams, noContent } from '../contract-schemas';
import {
  applicationsSeenSchema,
  bulkJobResultSchema,
  bulkJobSchema,
  createJobSchema,
  editedJobSchema,
  hiringAnalyticsSchema,
  type JobTransition,
  jobApplicationListQuerySchema,
  jobApplicationListSchema,
  jobExportQuerySchema,
  jobListQuerySchema,
  jobListSchema,
  jobSchema,
  jobSummarySchema,
  jobTagsSchema,
  referralLinkSchema,
  updateJobSchema,
} from '../jobs';

const jobParams = idParams('job');

// publish, pause, resume, close, reopen, archive (docs/design.md §5): each answers with the job as it now is.
const transition = <const Transition extends JobTransition>(name: Transition) => ({
  method: 'POST' as const,
  path: `/api/jobs/:id/${name}` as const,
  summary: `${name[0]?.toUpperCase()}${name.slice(1)} a job (409 when its status does not allow the move)`,
  params: jobParams,
  responses: { 200: jobSchema },
});

// A company's job posts: every endpoint acts inside the signed-in person's company.
export const jobsContract = defineContract(
  { name: 'jobs', tags: ['jobs'] },
  {
    list: {
      method: 'GET',
      path: '/api/jobs',
      summary: 'Your job posts: search, filter, sort, one page at a time',
      query: jobListQuerySchema,
      responses: { 200: jobListSchema },
    },
    create: {
      method: 'POST',
      path: '/api/jobs',
      summary: 'Create a job post, published (status open) or as a draft',
      body: createJobSchema,
      responses: { 201: jobSchema },
    },
    summary: {
      method: 'GET',
      path: '/api/jobs/summary',
      summary: 'The summary cards: open and paused jobs, pending interviews, tests assigned, time-to-hire',
      responses: { 200: jobSummarySchema },
    },
    tags: {
      method: 'GET',
      path: '/api/jobs/tags',
      summary: 'The skill tags your jobs use, for the Tags filter',
      responses: { 200: jobTagsSchema },
    },
    exportCsv: {
      method: 'GET',
      path: '/api/jobs/export.csv',
      summary: 'Download the filtered jobs, or the selected ones (ids), as CSV',
      query: jobExportQuerySchema,
      responses: { 200: fileOf('text/csv') },
    },
    analytics: {
      method: 'GET',
      path: '/api/jobs/analytics',
      summary: 'Hiring analytics: conversion, offer acceptance, time-to-hire, applicants per week',
      responses: { 200: hiringAnalyticsSchema },
    },
    analyticsCsv: {
      method: 'GET',
      path: '/api/jobs/analytics.csv',
      summary: 'Download the hiring analytics as CSV',
      responses: { 200: fileOf('text/csv') },
    },
    analyticsPdf: {
      method: 'GET',
      path: '/api/jobs/analytics.pdf',
      summary: 'Download the hiring analytics as a PDF report',
      responses: { 200: fileOf('application/pdf') },
    },
    companyApplications: {
      method: 'GET',
      path: '/api/jobs/applications',
      summary: 'Applications to all your jobs, newest first (e.g. status=interviewing)',
      query: jobApplicationListQuerySchema,
      responses: { 200: jobApplicationListSchema },
    },
    bulk: {
      method: 'POST',
      path: '/api/jobs/bulk',
      summary: 'Pause, resume or archive several jobs; each id gets its outcome',
      body: bulkJobSchema,
      responses: { 200: bulkJobResultSchema },
    },
    get: {
      method: 'GET',
      path: '/api/jobs/:id',
      summary: 'One of your jobs',
      params: jobParams,
      responses: { 200: jobSchema },
    },
    update: {
      method: 'PUT',
      path: '/api/jobs/:id',
      summary: 'Edit a job (its status changes through the transitions)',
      params: jobParams,
      body: updateJobSchema,
      responses: { 200: editedJobSchema },
    },
    delete: {
      method: 'DELETE',
      path: '/api/jobs/:id',
      summary: 'Delete a draft (a published job is archived instead)',
      params: jobParams,
      responses: { 204: noContent },
    },
    publish: transition('publish'),
    pause: transition('pause'),
    resume: transition('resume'),
    close: transition('close'),
    reopen: transition('reopen'),
    archive: transition('archive'),
    duplicate: {
      method: 'POST',
      path: '/api/jobs/:id/duplicate',
      summary: 'Copy a job into a new draft',
      params: jobParams,
      responses: { 201: jobSchema },
    },
    applications: {
      method: 'GET',
      path: '/api/jobs/:id/applications',
      summary: "A job's applications, newest first",
      params: jobParams,
      query: jobApplicationListQuerySchema,
      responses: { 200: jobApplicationListSchema },
    },
    referralLink: {
      method: 'POST',
      path: '/api/jobs/:id/referral-link',
      summary:
        'Your own tracked link to one of your company’s jobs: made the first time, the same link after; applications through it are credited to you',
      params: jobParams,
      responses: { 200: referralLinkSchema },
    },
    markApplicationsSeen: {
      method: 'POST',
      path: '/api/jobs/:id/applications/seen',
      summary: "Mark a job's applications seen: the new-applications badge starts again from zero",
      params: jobParams,
      responses: { 200: applicationsSeenSchema },
    },
  },
);
