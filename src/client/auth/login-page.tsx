import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { BriefcaseIcon, SearchIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { TermsAgreementField } from '~/client/components/terms-agreement';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/client/components/ui/tabs';
import { cn } from '~/client/lib/cn';
import { splitServerError } from '~/client/lib/form-errors';
import type { PageProps } from '~/client/routes';
import {
  type AccountType,
  authMessages,
  dashboardPathByRole,
  type RegisterInput,
  registerSchema,
  type SignInInput,
  type SignInResult,
  safeRedirectPath,
  signedOutTexts,
  signInSchema,
} from '~/shared/auth';
import { paths } from '~/shared/routes';
import type { AdminLoginState } from './admin-login-page';
import { currentUserQueryOptions, useRegister, useSignIn } from './api';
import { ProviderButtons } from './provider-buttons';
import { SsoSignInButton } from './sso-sign-in';

type Tab = 'login' | 'register';

const headings: Record<Tab, { title: string; description: string }> = {
  login: { title: paths.login.title, description: 'Welcome back. Sign in to your account.' },
  register: { title: 'Create an Account', description: 'Join Tandem to hire remote talent or find work.' },
};

export default function LoginPage(_props: PageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  // Who the registration is for when the link knows (?as=applicant from a job page); a company otherwise.
  const accountType: AccountType = searchParams.get('as') === 'applicant' ? 'applicant' : 'company';
  const { data } = useQuery(currentUserQueryOptions());

  // Already signed in: straight on to where they were going.
  if (data?.user) return <Navigate to={redirect ?? dashboardPathByRole[data.user.role]} replace />;

  function selectTab(next: string) {
    const query = new URLSearchParams(searchParams);
    if (next === 'register') query.set('tab', 'register');
    else query.delete('tab');
    setSearchParams(query, { replace: true });
  }

  return (
    <>
      <PageMeta title={headings[tab].title} />
      <div className="mb-6 space-y-1 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{headings[tab].title}</h1>
        <p className="text-sm text-muted-foreground">{headings[tab].description}</p>
      </div>
      {data?.signed_out_reason && (
        <Alert variant="warning" className="mb-4">
          {signedOutTexts[data.signed_out_reason]}
        </Alert>
      )}
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList width="full">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <SignInForm redirect={redirect} />
        </TabsContent>
        <TabsContent value="register">
          <RegisterForm redirect={redirect} accountType={accountType} />
        </TabsContent>
      </Tabs>
    </>
  );
}

function useFollowSignIn() {
  const navigate = useNavigate();
  return (result: SignInResult) => {
    // Administrators finish on their own page, which picks up the pending second step.
    if (result.status === 'two_factor_required') {
      navigate(paths.adminLogin.getHref(), { state: { stage: result.stage } satisfies AdminLoginState });
    } else navigate(result.redirect_to, { replace: true });
  };
}

const signInFields = ['email', 'password'] as const;

function SignInForm({ redirect }: { redirect: string | null }) {
  const signIn = useSignIn();
  const followSignIn = useFollowSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignInInput, unknown, SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      followSignIn(await signIn.mutateAsync({ ...values, ...(redirect && { redirect }) }));
    } catch (error) {
      const { fieldErrors, message } = splitServerError(error, signInFields, authMessages.signInError);
      for (const [field, text] of fieldErrors) form.setError(field, { type: 'server', message: text });
      setFailure(message);
    }
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert variant="destructive">{failure}</Alert>}
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              {...form.register('email')}
            />
          )}
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          labelAside={
            <Link
              to={paths.forgotPassword.getHref()}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          }
        >
          {(control) => (
            <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={isSubmitting || signIn.isSuccess}>
          {isSubmitting || signIn.isSuccess ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <SsoSignInButton email={() => form.getValues('email')} redirect={redirect} onProblem={setFailure} />
      <ProviderButtons userType="company" redirect={redirect} mayCreateAccount />
    </>
  );
}

const registerFields = ['name', 'email', 'password', 'company_name', 'accept_terms'] as const;

const accountTypeOptions: Array<{ value: AccountType; label: string; description: string; icon: typeof SearchIcon }> = [
  {
    value: 'applicant',
    label: "I'm looking for work",
    description: 'Find remote jobs and apply.',
    icon: SearchIcon,
  },
  {
    value: 'company',
    label: "I'm hiring talent",
    description: 'Post jobs and build your team.',
    icon: BriefcaseIcon,
  },
];

function RegisterForm({
  redirect,
  accountType: initialAccountType,
}: {
  redirect: string | null;
  accountType: AccountType;
}) {
  const register = useRegister();
  const followSignIn = useFollowSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterInput, unknown, RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      account_type: initialAccountType,
      name: '',
      email: '',
      password: '',
      company_name: '',
      accept_terms: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const accountType = form.watch('account_type');
  const radioId = useId();

  const onSubmit = form.handleSubmit(async ({ company_name, ...values }) => {
    setFailure(null);
    try {
      const result = await register.mutateAsync({
        ...values,
        ...(values.account_type === 'company' && { company_name }),
        ...(redirect && { redirect }),
      });
      followSignIn(result);
    } catch (error) {
      const { fieldErrors, message } = splitServerError(error, registerFields, authMessages.signInError);
      for (const [field, text] of fieldErrors) form.setError(field, { type: 'server', message: text });
      setFailure(message);
    }
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert variant="destructive">{failure}</Alert>}
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium">I want to join as</legend>
          <Controller
            control={form.control}
            name="account_type"
            render={({ field }) => (
              <RadioGroup
                value={field.value}
                onValueChange={(value) => field.onChange(value as AccountType)}
                className="grid-cols-1 sm:grid-cols-2"
              >
                {accountTypeOptions.map((option) => (
                  <label
                    key={option.value}
                    htmlFor={`${radioId}-${option.value}`}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-md border p-3 transition-colors hover:bg-muted',
                      field.value === option.value ? 'border-primary bg-accent' : 'border-border',
                    )}
                  >
                    <RadioGroupItem id={`${radioId}-${option.value}`} value={option.value} className="mt-0.5" />
                    <span className="grid gap-1">
                      <span className="flex items-center gap-1.5 text-sm font-medium">
                        <option.icon className="size-4 text-primary" aria-hidden="true" />
                        {option.label}
                      </span>
                      <span className="text-xs text-muted-foreground">{option.description}</span>
                    </span>
                  </label>
                ))}
              </RadioGroup>
            )}
          />
        </fieldset>
        <FormField label="Full name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
        </FormField>
        {accountType === 'company' && (
          <FormField label="Company name" error={errors.company_name?.message}>
            {(control) => <Input {...control} autoComplete="organization" {...form.register('company_name')} />}
          </FormField>
        )}
        <FormField label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              {...form.register('email')}
            />
          )}
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint="At least 6 characters.">
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />
          )}
        </FormField>
        <Controller
          control={form.control}
          name="accept_terms"
          render={({ field }) => <TermsAgreementField field={field} error={errors.accept_terms?.message} />}
        />
        {/* Once the account exists the portal is loading: a second click would register it again. */}
        <Button type="submit" className="w-full" disabled={isSubmitting || register.isSuccess}>
          {isSubmitting || register.isSuccess ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      <ProviderButtons userType={accountType} redirect={redirect} mayCreateAccount />
    </>
  );
}
