// `npm run admin:create -- someone@example.com ["Their Name"]`: creates an administrator (or makes an
// existing account one) with a generated password, printed once. They sign in at /admin-login; the
// address must also be in ADMIN_EMAILS, and they set up two-factor sign-in on their first sign-in.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/client';
import { exitWhenDataDirectoryInUse } from '../src/server/db/lock-data-directory';
import { migrateDatabase } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { createAccount } from '../src/server/kernels/identity/create-account';
import { hashPassword } from '../src/server/kernels/identity/passwords';
import { recordAuditEvent } from '../src/server/platform/record-audit-event';
import { isValidEmail, normalizeEmail } from '../src/shared/auth';

const [rawEmail, ...nameParts] = process.argv.slice(2);
const email = normalizeEmail(rawEmail ?? '');
if (!isValidEmail(email)) {
  console.error('Usage: npm run admin:create -- admin@example.com ["Full Name"]');
  process.exit(1);
}
const name = nameParts.join(' ') || email.split('@')[0] || email;

const config = loadConfig(process.env);
const database = await openConfiguredDatabase(config).catch(exitWhenDataDirectoryInUse);
try {
  await migrateDatabase(database);
  const password = randomBytes(12).toString('base64url');
  const [existing] = await database.db.select().from(users).where(eq(users.email, email));
  if (existing) {
    await database.db
      .update(users)
      .set({ role: 'admin', passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    await recordAuditEvent({
      db: database.db,
      event: {
        actorId: null,
        action: 'user.role_changed',
        targetType: 'user',
        targetId: existing.id,
        details: { from: existing.role, to: 'admin', by: 'admin:create' },
      },
    });
    console.log(`${email} is now an administrator.`);
  } else {
    const user = await createAccount({
      db: database.db,
      accountType: 'admin',
      email,
      name,
      passwordHash: await hashPassword(password),
      emailVerified: true,
    });
    await recordAuditEvent({
      db: database.db,
      event: {
        actorId: null,
        action: 'user.role_changed',
        targetType: 'user',
        targetId: user.id,
        details: { to: 'admin', by: 'admin:create' },
      },
    });
    console.log(`Created the administrator ${email}.`);
  }
  console.log(`Password (shown once): ${password}`);
  if (!config.adminEmails.includes(email)) {
    console.log(`Add ${email} to ADMIN_EMAILS, or the server will refuse this administrator's sign-in.`);
  }
} finally {
  await database.close();
}
