import { signingTexts } from '~/shared/agreements';
import { type Assignment, workTexts } from '~/shared/billing';
import type { Database } from '../db/client';
import { refuseWhileUnsigned } from '../kernels/agreements/agreement-gate';
import { activateAssignment } from '../kernels/work/activate-assignment';
import { findAssignmentFor, loadAssignmentView, type WorkActor } from '../kernels/work/assignment-views';
import { AppError } from '../platform/errors';
import { todayOf } from '../platform/work-calendar';

// pending → active, on or after the start date: from then on the talent logs time on it.
export async function startAssignment({
  db,
  assignmentId,
  actor,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  assignmentId: string;
  actor: Exclude<WorkActor, { kind: 'applicant' }>;
  ipAddress?: string;
  now?: Date;
}): Promise<Assignment> {
  await db.transaction(async (tx) => {
    const assignment = await findAssignmentFor({ db: tx, assignmentId, actor, lock: true });
    if (assignment.status === 'active') throw new AppError('conflict', workTexts.alreadyStarted);
    if (assignment.status === 'ended') throw new AppError('conflict', workTexts.alreadyEnded);
    await refuseWhileUnsigned(tx, assignment.id, signingTexts.awaitingSignatures);
    if (todayOf(now) < assignment.startDate) {
      throw new AppError('conflict', workTexts.startsOn(assignment.startDate));
    }
    await activateAssignment({ tx, assignment, actorId: actor.actorId, ipAddress, now });
  });
  return loadAssignmentView({ db, id: assignmentId, now });
}
