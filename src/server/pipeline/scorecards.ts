import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { applicationTexts } from '~/shared/applications';
import {
  criteriaOf,
  defaultScorecardStage,
  type FillScorecardInput,
  type fillScorecardSchema,
  type Scorecard,
  type ScorecardSummary,
  scorecardTexts,
} from '~/shared/scorecards';
import type { Database } from '../db/client';
import { applications, jobs, scorecards, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

type ScorecardRow = typeof scorecards.$inferSelect;

// The application, with its job's criteria, if it is one of the company's (a 404 otherwise).
async function findScoredApplication(db: Database, companyId: string, id: string) {
  const [found] = await db
    .select({
      id: applications.id,
      jobId: applications.jobId,
      status: applications.status,
      history: applications.history,
      criteria: jobs.scorecardCriteria,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(eq(applications.id, id), eq(jobs.companyId, companyId)));
  if (!found) throw new AppError('not_found', applicationTexts.notFound);
  return found;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const averageOf = (values: number[]) =>
  values.length === 0 ? null : oneDecimal(values.reduce((sum, value) => sum + value, 0) / values.length);

const toScorecard = (row: ScorecardRow, authorName: string, viewerId: string): Scorecard => ({
  id: row.id,
  stage: row.stage,
  author_id: row.authorId,
  author_name: authorName,
  is_mine: row.authorId === viewerId,
  ratings: row.ratings,
  overall_rating: row.overallRating,
  note: row.note,
  updated_at: row.updatedAt.toISOString(),
});

// Every card on the application (newest first) and their averages: overall, and per criterion in the
// job's order, then any criterion only older cards rated (the job's criteria changed since).
export async function loadScorecardSummary({
  db,
  companyId,
  id,
  viewerId,
  canFill,
}: {
  db: Database;
  companyId: string;
  id: string;
  viewerId: string;
  canFill: boolean;
}): Promise<ScorecardSummary> {
  const application = await findScoredApplication(db, companyId, id);
  const rows = await db
    .select({ card: scorecards, authorName: users.name })
    .from(scorecards)
    .innerJoin(users, eq(users.id, scorecards.authorId))
    .where(eq(scorecards.applicationId, id))
    .orderBy(desc(scorecards.updatedAt), desc(scorecards.id));
  const criteria = criteriaOf(application.criteria);
  const ratingsByCriterion = new Map<string, number[]>(criteria.map((criterion) => [criterion, []]));
  for (const { card } of rows) {
    for (const { criterion, rating } of card.ratings) {
      ratingsByCriterion.set(criterion, [...(ratingsByCriterion.get(criterion) ?? []), rating]);
    }
  }
  return {
    criteria,
    default_stage: defaultScorecardStage(
      application.status,
      application.history.map((entry) => entry.status),
    ),
    count: rows.length,
    overall_average: averageOf(rows.map(({ card }) => card.overallRating)),
    criterion_averages: [...ratingsByCriterion].flatMap(([criterion, values]) => {
      const average = averageOf(values);
      return average === null ? [] : [{ criterion, average, count: values.length }];
    }),
    scorecards: rows.map(({ card, authorName }) => toScorecard(card, authorName, viewerId)),
    can_fill: canFill,
  };
}

// Each of the job's criteria rated exactly once, and nothing else; the field errors name the row.
function checkRatings(criteria: string[], ratings: FillScorecardInput['ratings']) {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  ratings.forEach(({ criterion }, index) => {
    if (!criteria.includes(criterion))
      fields[`ratings.${index}.criterion`] = scorecardTexts.unknownCriterion(criterion);
    else if (seen.has(criterion)) fields[`ratings.${index}.criterion`] = scorecardTexts.ratedTwice(criterion);
    seen.add(criterion);
  });
  const missing = criteria.find((criterion) => !seen.has(criterion));
  if (missing && Object.keys(fields).length === 0) fields.ratings = scorecardTexts.missingCriterion(missing);
  const [first] = Object.values(fields);
  if (first) throw new AppError('validation', first, fields);
}

// The signed-in interviewer's card for a stage: made, or edited when they filled that stage before.
// Ratings are stored in the job's criteria order, so cards read alike.
export async function fillScorecard({
  db,
  companyId,
  actorId,
  ipAddress,
  id,
  input,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  id: string;
  input: z.output<typeof fillScorecardSchema>;
}): Promise<Scorecard> {
  const application = await findScoredApplication(db, companyId, id);
  const criteria = criteriaOf(application.criteria);
  checkRatings(criteria, input.ratings);
  const ratings = criteria.flatMap((criterion) => {
    const given = input.ratings.find((rating) => rating.criterion === criterion);
    return given ? [{ criterion, rating: given.rating, note: given.note }] : [];
  });
  return db.transaction(async (tx) => {
    const now = new Date();
    const [saved] = await tx
      .insert(scorecards)
      .values({
        applicationId: id,
        stage: input.stage,
        authorId: actorId,
        ratings,
        overallRating: input.overall_rating,
        note: input.note,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [scorecards.applicationId, scorecards.stage, scorecards.authorId],
        set: { ratings, overallRating: input.overall_rating, note: input.note, updatedAt: now },
      })
      .returning({ ...getTableColumns(scorecards), isNew: sql<boolean>`(xmax = 0)` });
    if (!saved) throw new Error('The scorecard was not saved.');
    const { isNew, ...card } = saved;
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'application.scorecard_filled',
        targetType: 'application',
        targetId: id,
        // What the card says stays on the application; the log keeps who filled which stage, and the verdict.
        details: {
          scorecard_id: card.id,
          stage: input.stage,
          overall_rating: input.overall_rating,
          edited: !isNew,
          job_id: application.jobId,
        },
        ipAddress,
      },
    });
    return toScorecard(card, author?.name ?? '', actorId);
  });
}
