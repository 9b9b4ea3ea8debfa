import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { applyServerError } from '~/client/lib/form-errors';
import type { PageProps } from '~/client/routes';
import { authMessages, type SignInInput, type SignInResult, signInSchema, type TwoFactorStage } from '~/shared/auth';
import { paths } from '~/shared/routes';
import {
  type EnrollmentConfirmation,
  twoFactorStageQueryOptions,
  useAcceptSignIn,
  useAdminSignIn,
  useVerifyTwoFactor,
} from './api';
import { ProviderButtons } from './provider-buttons';
import { EnrollStep, RecoveryCodesStep, VerifyStep } from './two-factor-steps';

type Step =
  | { kind: 'credentials'; notice?: string }
  | { kind: TwoFactorStage }
  | { kind: 'recovery-codes'; confirmation: EnrollmentConfirmation };

// The sign-in page (or the identity-provider callback) hands over a pending second step this way.
export interface AdminLoginState {
  stage?: TwoFactorStage;
}

function stageFromState(state: unknown): TwoFactorStage | undefined {
  const stage = (state as AdminLoginState | null)?.stage;
  return stage === 'enroll' || stage === 'verify' ? stage : undefined;
}

export default function AdminLoginPage(_props: PageProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const acceptSignIn = useAcceptSignIn();
  const verify = useVerifyTwoFactor();
  const handedOverStage = stageFromState(location.state);
  const [chosenStep, setChosenStep] = useState<Step | null>(handedOverStage ? { kind: handedOverStage } : null);
  // A reload in the middle of the second step resumes it: the server remembers it in a cookie.
  const pending = useQuery({ ...twoFactorStageQueryOptions(), enabled: chosenStep === null });
  const pendingStage = pending.data?.stage;
  const step: Step = chosenStep ?? (pendingStage ? { kind: pendingStage } : { kind: 'credentials' });

  const finish = useCallback(
    (result: SignInResult) => {
      if (result.status === 'signed_in') navigate(result.redirect_to, { replace: true });
      else setChosenStep({ kind: result.stage });
    },
    [navigate],
  );
  const restart = useCallback((notice?: string) => setChosenStep({ kind: 'credentials', notice }), []);

  return (
    <>
      <PageMeta title={paths.adminLogin.title} noIndex />
      <div className="mb-6 flex flex-col items-center gap-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-primary">
          <ShieldCheckIcon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{paths.adminLogin.title}</h1>
        <p className="text-sm text-muted-foreground">For platform administrators only.</p>
      </div>

      {step.kind === 'credentials' && <CredentialsStep notice={step.notice} onResult={finish} />}
      {step.kind === 'enroll' && (
        <EnrollStep
          onEnrolled={(confirmation) => setChosenStep({ kind: 'recovery-codes', confirmation })}
          onExpired={restart}
        />
      )}
      {step.kind === 'recovery-codes' && (
        <RecoveryCodesStep
          confirmation={step.confirmation}
          onContinue={() => {
            acceptSignIn(step.confirmation.result);
            finish(step.confirmation.result);
          }}
        />
      )}
      {step.kind === 'verify' && (
        <VerifyStep onVerify={async (code) => finish(await verify.mutateAsync(code))} onExpired={restart} />
      )}

      <div className="mt-6 flex flex-col items-center gap-2 text-sm">
        {(step.kind === 'enroll' || step.kind === 'verify') && (
          <Button variant="link" onClick={() => restart()}>
            Sign in with a different account
          </Button>
        )}
        {/* Once the codes are shown the person is signed in: the only way on is forward. */}
        {step.kind !== 'recovery-codes' && (
          <Link to={paths.login.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
            Back to regular login
          </Link>
        )}
      </div>
    </>
  );
}

const credentialFields = ['email', 'password'] as const;

function CredentialsStep({ notice, onResult }: { notice?: string; onResult: (result: SignInResult) => void }) {
  const signIn = useAdminSignIn();
  // A deep link into the admin area comes back here after signing in (the server accepts same-site paths only).
  const redirect = new URLSearchParams(useLocation().search).get('redirect');
  const [failure, setFailure] = useState<string | null>(notice ?? null);
  const form = useForm<SignInInput, unknown, SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onResult(await signIn.mutateAsync({ ...values, redirect: redirect ?? undefined }));
    } catch (error) {
      setFailure(applyServerError(form, error, { fields: credentialFields, fallback: authMessages.adminSignInError }));
    }
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure && <Alert variant="destructive">{failure}</Alert>}
        <FormField label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="username" {...form.register('email')} />}
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          {(control) => (
            <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <ProviderButtons userType="admin" only={['google']} />
    </>
  );
}
