import { MailIcon, PenLineIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { TickField } from '~/client/components/tick-field';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { type SignatureKind, signAgreementSchema, signingTexts } from '~/shared/agreements';
import { useSendSigningCode, useSignAgreement } from './api';
import { SignaturePad } from './signature-pad';

interface SignValues {
  kind: SignatureKind;
  typed_name: string;
  drawing: string;
  consent: boolean;
  code: string;
}
const fields = ['kind', 'typed_name', 'drawing', 'consent', 'code'] as const;

export const CONSENT_LABEL =
  'I agree to sign this agreement electronically, and that my electronic signature binds me as one on paper would.';

// Signing (decision 056): type your name or draw it, agree to sign electronically, and enter the code emailed to
// you — the session says who you are, the code that it is you. The talent signs; the company countersigns.
export function SignAgreementForm({ agreementId, side }: { agreementId: string; side: 'applicant' | 'company' }) {
  const sendCode = useSendSigningCode(side);
  const sign = useSignAgreement(side);
  const [banner, setBanner] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const ids = useId();
  const form = useForm<SignValues>({
    defaultValues: { kind: 'typed', typed_name: '', drawing: '', consent: false, code: '' },
    resolver: (values) => {
      const input = {
        consent: values.consent,
        kind: values.kind,
        code: values.code,
        ...(values.kind === 'typed' ? { typed_name: values.typed_name } : { drawing: values.drawing || undefined }),
      };
      const parsed = signAgreementSchema.safeParse(input);
      if (parsed.success) return { values, errors: {} };
      const errors: Record<string, { type: string; message: string }> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'code');
        errors[field] ??= { type: 'validate', message: issue.message };
      }
      return { values: {}, errors };
    },
  });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { message } = await sign.mutateAsync({
        id: agreementId,
        input: {
          consent: true,
          kind: values.kind,
          code: values.code,
          ...(values.kind === 'typed' ? { typed_name: values.typed_name } : { drawing: values.drawing }),
        },
      });
      toast({ title: message });
    } catch (error) {
      setBanner(
        applyServerError(form, error, { fields, fallback: 'The agreement could not be signed. Please try again.' }),
      );
    }
  });

  const askForCode = async () => {
    setBanner(null);
    try {
      const { message } = await sendCode.mutateAsync(agreementId);
      setCodeSent(true);
      toast({ title: 'Code sent', description: message });
    } catch (error) {
      setBanner(errorMessage(error, 'The code could not be sent. Please try again.'));
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-5"
      aria-label={side === 'applicant' ? 'Sign' : 'Countersign'}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Your signature</legend>
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onValueChange={(value) => field.onChange(value as SignatureKind)}
              className="flex flex-wrap gap-4"
              aria-label="How you sign"
            >
              <div className="flex items-center gap-2">
                <RadioGroupItem id={`${ids}-typed`} value="typed" />
                <Label htmlFor={`${ids}-typed`} className="cursor-pointer font-normal">
                  Type my name
                </Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem id={`${ids}-drawn`} value="drawn" />
                <Label htmlFor={`${ids}-drawn`} className="cursor-pointer font-normal">
                  Draw my signature
                </Label>
              </div>
            </RadioGroup>
          )}
        />
      </fieldset>
      {kind === 'typed' ? (
        <FormField label="Full name" error={errors.typed_name?.message} hint="Signed as you type it here.">
          {(control) => <Input {...control} autoComplete="name" {...form.register('typed_name')} />}
        </FormField>
      ) : (
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-pad`}>Draw your signature</Label>
          <Controller
            control={form.control}
            name="drawing"
            render={({ field }) => (
              <SignaturePad
                id={`${ids}-pad`}
                onChange={field.onChange}
                invalid={Boolean(errors.drawing)}
                describedBy={errors.drawing ? `${ids}-drawing-error` : undefined}
              />
            )}
          />
          {errors.drawing?.message && <FieldError id={`${ids}-drawing-error`}>{errors.drawing.message}</FieldError>}
        </div>
      )}
      <TickField control={form.control} name="consent" label={CONSENT_LABEL} error={errors.consent?.message} />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-start">
        <FormField
          label="Code from your email"
          error={errors.code?.message}
          hint={codeSent ? signingTexts.codeSent : 'Ask for a code, then enter it here.'}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...form.register('code')}
            />
          )}
        </FormField>
        <Button
          type="button"
          variant="outline"
          className="justify-self-start sm:mt-7"
          disabled={sendCode.isPending}
          onClick={askForCode}
        >
          <MailIcon aria-hidden="true" />
          {sendCode.isPending ? 'Sending...' : codeSent ? 'Send another code' : 'Email me a code'}
        </Button>
      </div>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <div>
        <Button type="submit" disabled={isSubmitting}>
          <PenLineIcon aria-hidden="true" />
          {isSubmitting ? 'Signing...' : side === 'applicant' ? 'Sign Agreement' : 'Countersign'}
        </Button>
      </div>
    </form>
  );
}
