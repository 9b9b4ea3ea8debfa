import { z } from 'zod';
import { companyRoles } from './company-roles';
import { billingCurrencies } from './currencies';
import { isValidEmail } from './email';
import { oidcProviders } from './oidc';
import type { Role } from './permissions';
import { singleLine, text } from './text';

// The texts of docs/spec/portal-and-public-site.md §5 and §8, word for word; the form and the API show the same
// ones.
export const authMessages = {
  emailAndPasswordRequired: 'Email and password are required',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  allFieldsRequired: 'All fields are required',
  invalidCredentials: 'Invalid credentials',
  adminNotAuthorized: 'Unauthorized: This email is not authorized for admin access',
  signInError: 'An error occurred. Please try again.',
  adminSignInError: 'Authentication failed. Please try again.',
  passwordTooLong: 'Password must be at most 128 characters',
  commonPassword: 'This password is one of the most common passwords. Please choose one that is harder to guess.',
  registrationsClosed: 'New registrations are closed at the moment. Please try again later.',
  emailTaken: 'An account with this email already exists. Sign in instead, or reset your password.',
  termsRequired: 'Please agree to the Terms of Service and Privacy Policy to create an account.',
} as const;

export const userStatuses = ['active', 'suspended'] as const;

// Why the server ended a session that a tab still holds: an administrator suspended the account or its
// company. The API says so (401 'account_suspended', GET /api/auth/me's signed_out_reason), and the
// sign-in page the tab lands on gives the sentence.
export const signedOutReasons = ['account_suspended', 'company_suspended'] as const;
export type SignedOutReason = (typeof signedOutReasons)[number];
export const signedOutTexts: Record<SignedOutReason, string> = {
  account_suspended: 'Your account has been suspended, so you were signed out. Please contact support.',
  company_suspended: 'Your company’s account has been suspended, so you were signed out. Please contact support.',
};

// What an emailed single-use link is for.
// payout_method: the code emailed to confirm a change of payout method (docs/decisions/036).
export const oneTimeTokenPurposes = [
  'verify_email',
  'reset_password',
  'change_email',
  'payout_method',
  'agreement_signature',
] as const;

const MIN_PASSWORD_LENGTH = 6;
// Hashing cost grows with length; nobody types more than this.
const MAX_PASSWORD_LENGTH = 128;

// Users type emails in any case and with stray spaces; we store them trimmed and lower-cased.
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export { isValidEmail };

type IssueSink = { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void };

function checkPassword(password: string, context: IssueSink) {
  if (password.length < MIN_PASSWORD_LENGTH) {
    context.addIssue({ code: 'custom', path: ['password'], message: authMessages.passwordTooShort });
  } else if (password.length > MAX_PASSWORD_LENGTH) {
    context.addIssue({ code: 'custom', path: ['password'], message: authMessages.passwordTooLong });
  }
}

export const signInSchema = z
  .object({
    email: text().transform(normalizeEmail),
    password: text(),
  })
  .superRefine((value, context) => {
    if (!value.email || !value.password) {
      for (const field of ['email', 'password'] as const) {
        if (!value[field]) {
          context.addIssue({ code: 'custom', path: [field], message: authMessages.emailAndPasswordRequired });
        }
      }
      return;
    }
    if (!isValidEmail(value.email)) {
      context.addIssue({ code: 'custom', path: ['email'], message: authMessages.invalidEmail });
    }
    checkPassword(value.password, context);
  });
export type SignInInput = z.input<typeof signInSchema>;

const accountTypes = ['applicant', 'company'] as const satisfies readonly Role[];
export type AccountType = (typeof accountTypes)[number];

export const registerSchema = z
  .object({
    account_type: z.enum(accountTypes),
    name: singleLine().trim().max(100),
    email: text().transform(normalizeEmail),
    password: text(),
    company_name: singleLine().trim().max(120).optional(),
    // The box "I agree to the Terms of Service and Privacy Policy": an account is made only with it ticked,
    // and the server records when (users.terms_accepted_at).
    accept_terms: z.boolean({ message: authMessages.termsRequired }).optional(),
  })
  .superRefine((value, context) => {
    const required: Array<'name' | 'email' | 'password' | 'company_name'> = ['name', 'email', 'password'];
    if (value.account_type === 'company') required.push('company_name');
    const missing = required.filter((field) => !value[field]);
    for (const field of missing) {
      context.addIssue({ code: 'custom', path: [field], message: authMessages.allFieldsRequired });
    }
    if (value.accept_terms !== true) {
      context.addIssue({ code: 'custom', path: ['accept_terms'], message: authMessages.termsRequired });
    }
    if (missing.length > 0) return;
    if (!isValidEmail(value.email)) {
      context.addIssue({ code: 'custom', path: ['email'], message: authMessages.invalidEmail });
    }
    checkPassword(value.password, context);
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const emailSchema = text()
  .transform(normalizeEmail)
  .refine((email) => email.length > 0, { message: 'Please enter your email address.' })
  .refine(isValidEmail, { message: authMessages.invalidEmail });

export const newPasswordSchema = text().superRefine((password, context) => {
  if (password.length < MIN_PASSWORD_LENGTH)
    context.addIssue({ code: 'custom', message: authMessages.passwordTooShort });
  else if (password.length > MAX_PASSWORD_LENGTH)
    context.addIssue({ code: 'custom', message: authMessages.passwordTooLong });
});

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token: text().min(1), password: newPasswordSchema });
export const tokenSchema = z.object({ token: text().min(1) });

export const currentPasswordRequiredMessage = 'Enter your current password.';

// The current password proves it is really the owner; accounts that only ever signed in through an
// identity provider have none, so for them it may be left out (the server decides).
export const changePasswordSchema = z.object({
  current_password: text(),
  new_password: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({
  new_email: emailSchema,
  current_password: text(),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

export const updateProfileSchema = z.object({
  name: singleLine().trim().min(1, { message: 'Please enter your name.' }).max(100),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const twoFactorCodeSchema = z.object({
  code: text()
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/, {
      message: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
    }),
});

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['applicant', 'company', 'admin', 'account_manager']),
  email_verified: z.boolean(),
  // False for accounts that only sign in through an identity provider.
  has_password: z.boolean(),
  // A company user's company and their role in it (docs/decisions/032); null for everyone else, and for a
  // company user no longer a member of one.
  // Its billing currency too: the currency its forms take amounts in (issue 55).
  company: z
    .object({ id: z.string(), name: z.string(), role: z.enum(companyRoles), currency: z.enum(billingCurrencies) })
    .nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export { dashboardPathByRole } from './dashboard-paths';
export { principalOfUser } from './permissions';

// A path on this site: one slash, then only the characters a URL path, query and fragment may hold
// unescaped (RFC 3986). Browsers drop tabs and newlines and read a backslash as a slash, so "/\t/evil"
// or "/\\evil" would leave the site; none of those characters pass.
const SAFE_REDIRECT_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

// A ?redirect= is followed only when it stays on this site.
export function safeRedirectPath(candidate: string | null | undefined): string | null {
  if (!candidate || candidate.length > 2048 || !SAFE_REDIRECT_PATH.test(candidate)) return null;
  return candidate;
}

// The second factor still to come: set up an authenticator first, or give its code.
export const twoFactorStages = ['enroll', 'verify'] as const;
export type TwoFactorStage = (typeof twoFactorStages)[number];

// What signing in answers: done (with where to go), or the second factor still to come.
export const signInResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), redirect_to: z.string(), user: currentUserSchema }),
  z.object({ status: z.literal('two_factor_required'), stage: z.enum(twoFactorStages) }),
]);
export type SignInResult = z.infer<typeof signInResultSchema>;

export const twoFactorEnrollmentSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code_svg: z.string(),
});

export const messageResponseSchema = z.object({ message: z.string() });

export const sessionListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      ip_address: z.string().nullable(),
      user_agent: z.string().nullable(),
      created_at: z.string(),
      last_seen_at: z.string(),
      is_current: z.boolean(),
    }),
  ),
});

export const signedOutSessionsSchema = messageResponseSchema.extend({ signed_out: z.number() });

// GET /api/auth/providers: every identity provider the sign-in page draws, whether this server has it
// set up, and the settings that turn it on.
export const providerListSchema = z.object({
  providers: z.array(
    z.object({ id: z.enum(oidcProviders), name: z.string(), enabled: z.boolean(), setting: z.string() }),
  ),
});

// What an identity provider returns to the callback: the code and state of the flow this browser started.
export const oidcCallbackSchema = z.object({
  code: text().optional(),
  state: text().optional(),
  iss: text().optional(),
});
