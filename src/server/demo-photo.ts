import { eq } from 'drizzle-orm';
import type { Database } from './db/client';
import { applicantProfiles, users } from './db/schema';
import type { FileStore } from './platform/file-store';
import { demoAccounts } from './seed/demo-accounts';
import { drawDemoPortrait } from './seed/demo-portrait';
import { uploadApplicantPhoto } from './talent/upload-applicant-photo';

const demoTalentEmail = demoAccounts.find((account) => account.role === 'applicant')?.email ?? '';

// The demo talent's profile photo, uploaded through the talent's own operation once the demo data is in: the
// seeders run in one transaction on the database alone, and the file store writes outside it. Composed here,
// beside main.ts, as schedule.ts composes the workers. Whether it uploaded
// one (not when the talent is missing or has a photo already).
export async function giveDemoTalentPhoto({ db, files }: { db: Database; files: FileStore }): Promise<boolean> {
  const [talent] = await db
    .select({ id: users.id, photoFileId: applicantProfiles.photoFileId })
    .from(users)
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
    .where(eq(users.email, demoTalentEmail));
  if (!talent || talent.photoFileId) return false;
  const portrait = drawDemoPortrait();
  await uploadApplicantPhoto({
    db,
    files,
    actorId: talent.id,
    declaredType: 'image/png',
    content: (async function* () {
      yield portrait;
    })(),
  });
  return true;
}
