import { eq } from 'drizzle-orm';
import type { CompanyRole, Role } from '~/shared/permissions';
import type { Database } from '../../db/client';
import { applicantProfiles, companies, companyMembers, users } from '../../db/schema';

// The indexes that keep addresses unique (schema/auth.ts).
export const EMAIL_UNIQUE_INDEXES = ['users_email_unique', 'users_email_lower_unique'];

// One account with what its role needs: a company (with the user as owner, or as a member of the company
// that invited them) or an empty applicant profile; staff roles need nothing more. Used by registration, identity-provider sign-up, the admin
// command and the test factories.
export async function createAccount({
  db,
  accountType,
  email,
  name,
  passwordHash,
  companyName,
  emailVerified,
  termsAcceptedAt = null,
  joinCompany,
  ownRole = 'owner',
}: {
  db: Database;
  accountType: Role;
  email: string;
  name: string;
  passwordHash: string | null;
  companyName?: string;
  emailVerified: boolean;
  // When the person agreed to the Terms of Service and Privacy Policy (a registration or a provider sign-up).
  termsAcceptedAt?: Date | null;
  // A company user who joins an existing company (an accepted invitation) instead of founding one.
  joinCompany?: { companyId: string; role: CompanyRole };
  // Their role in the company they found: tests build a company of one at any role.
  ownRole?: CompanyRole;
}) {
  return db.transaction(async (transaction) => {
    const [user] = await transaction
      .insert(users)
      .values({
        email,
        name,
        role: accountType,
        passwordHash,
        emailVerifiedAt: emailVerified ? new Date() : null,
        termsAcceptedAt,
      })
      .returning();
    if (!user) throw new Error('The user was not created.');
    if (accountType === 'company' && joinCompany) {
      await transaction.insert(companyMembers).values({ ...joinCompany, userId: user.id });
      const [company] = await transaction
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, joinCompany.companyId));
      return { ...user, companyName: company?.name ?? null };
    }
    if (accountType === 'company') {
      const [company] = await transaction
        .insert(companies)
        .values({ name: companyName || `${name}'s company`, contactEmail: email })
        .returning({ id: companies.id, name: companies.name });
      if (!company) throw new Error('The company was not created.');
      await transaction.insert(companyMembers).values({ companyId: company.id, userId: user.id, role: ownRole });
      return { ...user, companyName: company.name };
    }
    if (accountType === 'applicant') {
      await transaction.insert(applicantProfiles).values({ userId: user.id });
    }
    return { ...user, companyName: null };
  });
}
