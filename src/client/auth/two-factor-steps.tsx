import { zodResolver } from '@hookform/resolvers/zod';
import { CopyIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { notify } from '~/client/components/ui/notify';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { authMessages, type SignInResult, twoFactorCodeSchema } from '~/shared/auth';
import { type EnrollmentConfirmation, useConfirmTwoFactorEnrollment, useStartTwoFactorEnrollment } from './api';

type CodeInput = { code: string };
const codeFields = ['code'] as const;

interface CodeFormProps {
  label: string;
  hint: string;
  submitLabel: string;
  pendingLabel: string;
  autoComplete: string;
  onCode: (code: string) => Promise<void>;
  // A 401 here means the pending sign-in ran out: the page goes back to email and password.
  onExpired: (message: string) => void;
}

function CodeForm({ label, hint, submitLabel, pendingLabel, autoComplete, onCode, onExpired }: CodeFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CodeInput, unknown, CodeInput>({
    resolver: zodResolver(twoFactorCodeSchema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await onCode(code);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        onExpired(error.message);
        return;
      }
      setFailure(applyServerError(form, error, { fields: codeFields, fallback: authMessages.adminSignInError }));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <FormField label={label} hint={hint} error={errors.code?.message}>
        {(control) => (
          <Input
            {...control}
            autoComplete={autoComplete}
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono tracking-widest"
            {...form.register('code')}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}

export function VerifyStep({
  onVerify,
  onExpired,
}: {
  onVerify: (code: string) => Promise<void>;
  onExpired: (message: string) => void;
}) {
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">Two-step verification</h2>
        <p className="text-sm text-muted-foreground">
          Open your authenticator app and enter the code it shows for Tandem.
        </p>
      </div>
      <CodeForm
        label="Authentication code"
        hint="The 6-digit code from your app, or one of your recovery codes (XXXXX-XXXXX)."
        submitLabel="Verify"
        pendingLabel="Verifying..."
        autoComplete="one-time-code"
        onCode={onVerify}
        onExpired={onExpired}
      />
    </div>
  );
}

export function EnrollStep({
  onEnrolled,
  onExpired,
}: {
  onEnrolled: (confirmation: EnrollmentConfirmation) => void;
  onExpired: (message: string) => void;
}) {
  const enrollment = useStartTwoFactorEnrollment();
  const confirm = useConfirmTwoFactorEnrollment();
  const { mutate: startEnrollment } = enrollment;
  // Each start makes a new secret: one per visit, even when StrictMode runs effects twice.
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    startEnrollment(undefined, {
      onError: (error) => {
        if (isApiError(error) && error.status === 401) onExpired(error.message);
      },
    });
  }, [startEnrollment, onExpired]);

  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">Set up two-step verification</h2>
        <p className="text-sm text-muted-foreground">
          Administrator accounts need a code from an authenticator app (such as Google Authenticator, 1Password or
          Authy) at every sign-in.
        </p>
      </div>
      {enrollment.isPending && (
        <div className="flex flex-col items-center gap-3" role="status">
          <Skeleton className="size-[200px]" />
          <Skeleton className="h-10 w-full" />
          <span className="sr-only">Preparing your setup</span>
        </div>
      )}
      {enrollment.isError && (
        <Alert variant="destructive">
          <div className="space-y-2">
            <p>{errorMessage(enrollment.error, authMessages.adminSignInError)}</p>
            <Button size="sm" variant="outline" onClick={() => startEnrollment()}>
              Try again
            </Button>
          </div>
        </Alert>
      )}
      {enrollment.data && (
        <>
          <ol className="list-decimal space-y-4 pl-5 text-sm">
            <li className="space-y-3">
              <p>Scan this QR code with your authenticator app.</p>
              <img
                src={`data:image/svg+xml;utf8,${encodeURIComponent(enrollment.data.qr_code_svg)}`}
                alt="QR code to add Tandem to your authenticator app"
                width={200}
                height={200}
                className="rounded-md border border-border bg-white p-2"
              />
            </li>
            <li className="space-y-2">
              <p>Or type this setup key into the app instead.</p>
              <SetupKey secret={enrollment.data.secret} />
            </li>
            <li>Enter the 6-digit code the app now shows.</li>
          </ol>
          <CodeForm
            label="Authentication code"
            hint="6 digits, without spaces."
            submitLabel="Confirm and continue"
            pendingLabel="Confirming..."
            autoComplete="one-time-code"
            onCode={async (code) => onEnrolled(await confirm.mutateAsync(code))}
            onExpired={onExpired}
          />
        </>
      )}
    </div>
  );
}

async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(`${what} copied`);
  } catch {
    notify.error(`Could not copy the ${what.toLowerCase()}. Select the text and copy it instead.`);
  }
}

function SetupKey({ secret }: { secret: string }) {
  return (
    <div className="flex gap-2">
      <label className="sr-only" htmlFor="setup-key">
        Setup key
      </label>
      <Input
        id="setup-key"
        readOnly
        value={secret}
        className="font-mono text-sm"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button variant="outline" size="icon" aria-label="Copy setup key" onClick={() => copyText(secret, 'Setup key')}>
        <CopyIcon aria-hidden="true" />
      </Button>
    </div>
  );
}

export function RecoveryCodesStep({
  confirmation,
  onContinue,
}: {
  confirmation: { result: SignInResult; recovery_codes: string[] };
  onContinue: () => void;
}) {
  const codes = confirmation.recovery_codes;
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">Save your recovery codes</h2>
        <p className="text-sm text-muted-foreground">
          If you lose your phone, each of these codes signs you in once instead of an app code. Keep them somewhere
          safe: they are shown only this time.
        </p>
      </div>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button variant="outline" className="w-full" onClick={() => copyText(codes.join('\n'), 'Recovery codes')}>
        <CopyIcon aria-hidden="true" />
        Copy codes
      </Button>
      <Button className="w-full" onClick={onContinue}>
        I have saved these codes
      </Button>
    </div>
  );
}
