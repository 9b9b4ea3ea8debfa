import { z } from 'zod';
import type { Role } from './permissions';

// The texts of spec §5 and §8, word for word; the form and the API show the same ones.
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
} as const;

export const MIN_PASSWORD_LENGTH = 6;
// Hashing cost grows with length; nobody types more than this.
export const MAX_PASSWORD_LENGTH = 128;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Users type emails in any case and with stray spaces; we store them trimmed and lower-cased.
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email);

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
    email: z.string().transform(normalizeEmail),
    password: z.string(),
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

export const accountTypes = ['applicant', 'company'] as const satisfies readonly Role[];
export type AccountType = (typeof accountTypes)[number];

export const registerSchema = z
  .object({
    account_type: z.enum(accountTypes),
    name: z.string().trim().max(100),
    email: z.string().transform(normalizeEmail),
    password: z.string(),
    company_name: z.string().trim().max(120).optional(),
  })
  .superRefine((value, context) => {
    const required: Array<'name' | 'email' | 'password' | 'company_name'> = ['name', 'email', 'password'];
    if (value.account_type === 'company') required.push('company_name');
    const missing = required.filter((field) => !value[field]);
    for (const field of missing) {
      context.addIssue({ code: 'custom', path: [field], message: authMessages.allFieldsRequired });
    }
    if (missing.length > 0) return;
    if (!isValidEmail(value.email)) {
      context.addIssue({ code: 'custom', path: ['email'], message: authMessages.invalidEmail });
    }
    checkPassword(value.password, context);
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const emailSchema = z
  .string()
  .transform(normalizeEmail)
  .refine((email) => email.length > 0, { message: 'Please enter your email address.' })
  .refine(isValidEmail, { message: authMessages.invalidEmail });

export const newPasswordSchema = z.string().superRefine((password, context) => {
  if (password.length < MIN_PASSWORD_LENGTH)
    context.addIssue({ code: 'custom', message: authMessages.passwordTooShort });
  else if (password.length > MAX_PASSWORD_LENGTH)
    context.addIssue({ code: 'custom', message: authMessages.passwordTooLong });
});

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token: z.string().min(1), password: newPasswordSchema });
export const tokenSchema = z.object({ token: z.string().min(1) });

export const currentPasswordRequiredMessage = 'Enter your current password.';

// The current password proves it is really the owner; accounts that only ever signed in through an
// identity provider have none, so for them it may be left out (the server decides).
export const changePasswordSchema = z.object({
  current_password: z.string(),
  new_password: newPasswordSchema,
});

export const changeEmailSchema = z.object({
  new_email: emailSchema,
  current_password: z.string(),
});

export const updateProfileSchema = z.object({
  name: z.string().trim().min(1, { message: 'Please enter your name.' }).max(100),
});

export const twoFactorCodeSchema = z.object({
  code: z
    .string()
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
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// Where each role lands after signing in (spec §4).
export const dashboardPathByRole: Record<Role, string> = {
  applicant: '/applicant-dashboard',
  company: '/company-dashboard',
  admin: '/admin-dashboard',
  account_manager: '/company-dashboard',
};

// A ?redirect= is followed only when it stays on this site.
export function safeRedirectPath(candidate: string | null | undefined): string | null {
  if (!candidate?.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return null;
  return candidate;
}

// What signing in answers: done (with where to go), or the second factor still to come.
export const signInResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_in'), redirect_to: z.string(), user: currentUserSchema }),
  z.object({ status: z.literal('two_factor_required'), stage: z.enum(['enroll', 'verify']) }),
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
export type SessionList = z.infer<typeof sessionListSchema>;
