import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { payoutTexts } from '~/shared/payouts';
import { useSendPayoutCode } from './api';

interface ProofFieldsProps {
  hasPassword: boolean;
  password: UseFormRegisterReturn<'password'>;
  emailCode: UseFormRegisterReturn<'email_code'>;
  errors: { password?: string; email_code?: string };
}

// "Confirm it is you": the password when the person has one; for a person without one (they sign in through
// Google, LinkedIn or Apple), a code emailed to them (payout-proof.ts).
export function ProofFields({ hasPassword, password, emailCode, errors }: ProofFieldsProps) {
  const sendCode = useSendPayoutCode();

  function send() {
    sendCode.mutate(undefined, {
      onSuccess: () => toast({ title: payoutTexts.codeSent }),
      onError: (error) =>
        toast({
          title: 'Code not sent',
          description: errorMessage(error, 'Please check your connection and try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold">Confirm it is you</legend>
      {hasPassword ? (
        <FormField label="Password" error={errors.password}>
          {(control) => <Input {...control} type="password" autoComplete="current-password" {...password} />}
        </FormField>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{payoutTexts.noPassword}</p>
          <div>
            <Button type="button" variant="outline" size="sm" disabled={sendCode.isPending} onClick={send}>
              {sendCode.isPending ? 'Sending...' : 'Email me a code'}
            </Button>
          </div>
          <FormField label="Code from the email" hint="The 6 digits we emailed you." error={errors.email_code}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className="max-w-40"
                {...emailCode}
              />
            )}
          </FormField>
        </>
      )}
    </fieldset>
  );
}
