import { and, eq } from 'drizzle-orm';
import type { contactSources } from '~/shared/contact';
import type { Role } from '~/shared/permissions';
import { paths } from '~/shared/routes';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../../db/client';
import { companies, jobs, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { RenderedEmail } from '../../mail/templates/compose-email';
import { newContactMessageEmail } from '../../mail/templates/new-contact-message';
import { newJobPublishedEmail } from '../../mail/templates/new-job-published';
import { newUserRegisteredEmail } from '../../mail/templates/new-user-registered';
import { getPlatformSettings } from '../../platform/get-platform-settings';

// The news goes out in the transaction that makes it (decision 012): a crash before the commit leaves
// neither the user, job or contact message nor its email, and no email announces what was rolled back.
interface Notifier {
  transaction: Database;
  mailer: Mailer;
  settings: PlatformSettings;
  publicUrl: string;
}

// One email to every active administrator, through the outbox.
async function emailAdministrators(
  { transaction, mailer }: Pick<Notifier, 'transaction' | 'mailer'>,
  email: RenderedEmail,
) {
  const administrators = await transaction
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  for (const administrator of administrators) await mailer.send(administrator.email, email, { transaction });
}

// System Settings "New user notifications": administrators hear of every registration.
export async function notifyNewUser(
  notifier: Notifier,
  user: { name: string; email: string; role: Role; companyName: string | null },
): Promise<void> {
  if (!notifier.settings.notify_new_user) return;
  const list = user.role === 'company' ? paths.adminCompanies : paths.adminApplicants;
  await emailAdministrators(
    notifier,
    newUserRegisteredEmail({
      name: user.name,
      email: user.email,
      role: user.role,
      companyName: user.companyName,
      url: `${notifier.publicUrl}${list.getHref()}`,
    }),
  );
}

// System Settings "New job notifications": administrators hear of every job published.
export async function notifyNewJob(
  {
    transaction,
    mailer,
    config,
  }: {
    transaction: Database;
    mailer: Mailer;
    config: { publicUrl: string };
  },
  jobId: string,
): Promise<void> {
  // Read through the transaction, not the settings cache: a cache miss would query outside it.
  if (!(await getPlatformSettings({ db: transaction })).notify_new_job) return;
  const [job] = await transaction
    .select({ title: jobs.title, companyName: companies.name })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.id, jobId));
  if (!job) return;
  await emailAdministrators(
    { transaction, mailer },
    newJobPublishedEmail({
      title: job.title,
      companyName: job.companyName,
      url: `${config.publicUrl}${paths.adminJobs.getHref()}`,
    }),
  );
}

const formNames: Record<(typeof contactSources)[number], string> = {
  home: 'the home page',
  contact_page: 'the Contact page',
};

// System Settings "Contact message notifications": administrators hear of every message of the public
// contact forms, with a link that opens it in the contact inbox.
export async function notifyNewContactMessage(
  notifier: Notifier,
  message: {
    id: string;
    name: string;
    email: string;
    company: string | null;
    subject: string | null;
    message: string;
    source: (typeof contactSources)[number];
  },
): Promise<void> {
  if (!notifier.settings.notify_contact_message) return;
  const inbox = `${notifier.publicUrl}${paths.adminContactMessages.getHref()}`;
  await emailAdministrators(
    notifier,
    newContactMessageEmail({
      name: message.name,
      email: message.email,
      company: message.company,
      subject: message.subject,
      message: message.message,
      formName: formNames[message.source],
      url: `${inbox}?message=${encodeURIComponent(message.id)}`,
    }),
  );
}
