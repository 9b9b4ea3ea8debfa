import { type FormEvent, useId, useState } from 'react';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { toast } from '~/client/components/ui/use-toast';
import { callApi, isApiError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { useHydrated } from '~/client/lib/use-hydrated';
import { contactMessages, contactToasts } from '~/shared/contact-texts';
import { isValidEmail } from '~/shared/email';

// The public contact form of the home page and of /contact (docs/spec/admin-billing-and-content.md §5 "Contact
// form"). It validates with the shared texts but without zod, and draws its own fields rather than the
// Radix-based FormField: the home page has a 100 KB JavaScript budget.

type ContactFormSource = 'home' | 'contact_page';

type FieldName = 'name' | 'email' | 'company' | 'subject' | 'message';
type FieldErrors = Partial<Record<FieldName, string>>;
type Status = 'idle' | 'sending';

const fieldNames: readonly FieldName[] = ['name', 'email', 'company', 'subject', 'message'];

const controlClassName =
  'w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm';

interface ContactPayload {
  source: ContactFormSource;
  name: string;
  email: string;
  company: string;
  subject: string;
  message: string;
  website: string;
}

function readPayload(form: HTMLFormElement, source: ContactFormSource): ContactPayload {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return {
    source,
    name: text('name'),
    email: text('email'),
    company: text('company'),
    subject: source === 'contact_page' ? text('subject') : '',
    message: text('message'),
    website: text('website'),
  };
}

function validate(payload: ContactPayload): FieldErrors {
  const errors: FieldErrors = {};
  if (!payload.name) errors.name = contactMessages.name;
  if (!isValidEmail(payload.email)) errors.email = contactMessages.email;
  if (payload.source === 'contact_page' && !payload.subject) errors.subject = contactMessages.subject;
  if (!payload.message) errors.message = contactMessages.message;
  return errors;
}

function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  const first = fieldNames.find((name) => errors[name]);
  if (!first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}

interface FieldProps {
  name: FieldName;
  label: string;
  error: string | undefined;
  isRequired?: boolean;
  maxLength: number;
  type?: 'text' | 'email';
  autoComplete?: string;
  isMultiline?: boolean;
  className?: string;
}

// A labelled control with its error message tied to it (aria-invalid, aria-describedby).
function Field({ name, label, error, isRequired = false, isMultiline = false, className, ...props }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const controlProps = {
    id,
    name,
    required: isRequired,
    'aria-required': isRequired,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className={className ? `grid content-start gap-2 ${className}` : 'grid content-start gap-2'}>
      <label htmlFor={id} className="text-sm leading-none font-medium">
        {label}
        {isRequired && (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        )}
      </label>
      {isMultiline ? (
        <textarea
          {...controlProps}
          maxLength={props.maxLength}
          rows={6}
          placeholder="Tell us about the work you want to hand over, your volumes and your hours."
          className={`${controlClassName} min-h-36`}
        />
      ) : (
        <input {...controlProps} {...props} type={props.type ?? 'text'} className={`${controlClassName} h-10`} />
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export function ContactForm({ source }: { source: ContactFormSource }) {
  const [status, setStatus] = useState<Status>('idle');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isSending = status === 'sending';
  const hydrated = useHydrated();
  const hasSubject = source === 'contact_page';

  // Typing into a field with an error takes its message away; the next submit checks again.
  function clearError(name: string) {
    if (!(name in errors)) return;
    setErrors((current) => {
      const next = { ...current };
      delete next[name as FieldName];
      return next;
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const form = event.currentTarget;
    const payload = readPayload(form, source);
    const clientErrors = validate(payload);
    setFormError(null);
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) {
      focusFirstError(form, clientErrors);
      return;
    }

    setStatus('sending');
    try {
      // Loaded on submit: the contract's schemas carry zod, too heavy for the home page's budget.
      const { siteContract } = await import('~/shared/contracts/site');
      try {
        await callApi(siteContract.sendContactMessage, { body: payload });
      } catch (error) {
        if (!isApiError(error)) throw error;
        const serverFieldErrors: FieldErrors = {};
        for (const name of fieldNames) {
          const message = error.fields[name];
          if (message) serverFieldErrors[name] = message;
        }
        setErrors(serverFieldErrors);
        focusFirstError(form, serverFieldErrors);
        if (error.status === 429) setFormError(error.message);
        toast({ ...contactToasts.failure, variant: 'destructive' });
        return;
      }
      form.reset();
      toast(source === 'home' ? contactToasts.homeSuccess : contactToasts.contactPageSuccess);
    } catch {
      toast({ ...contactToasts.failure, variant: 'destructive' });
    } finally {
      setStatus('idle');
    }
  }

  return (
    // method="post" keeps what someone typed out of the address bar if they submit before the page hydrates.
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit}
      onInput={(event) => {
        const target = event.target;
        if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) clearError(target.name);
      }}
      aria-label={hasSubject ? 'Contact form' : 'Request a free consultation'}
      className="relative grid gap-5"
    >
      <p className="text-sm text-muted-foreground">
        Fields marked{' '}
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field name="name" label="Name" error={errors.name} isRequired maxLength={100} autoComplete="name" />
        <Field
          name="email"
          label="Email"
          error={errors.email}
          isRequired
          maxLength={200}
          type="email"
          autoComplete="email"
        />
        <Field
          name="company"
          label="Company (optional)"
          error={errors.company}
          maxLength={120}
          autoComplete="organization"
          className={hasSubject ? undefined : 'sm:col-span-2'}
        />
        {hasSubject && <Field name="subject" label="Subject" error={errors.subject} isRequired maxLength={150} />}
      </div>
      <Field name="message" label="Message" error={errors.message} isRequired maxLength={5000} isMultiline />

      {/* A honeypot: people never see or reach it, bots fill it in and the server drops their message. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${source}-contact-website`}>Website</label>
        <input id={`${source}-contact-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>

      {formError && (
        <p role="alert" className="rounded-md border border-destructive bg-red-50 px-4 py-3 text-sm text-destructive">
          {formError}
        </p>
      )}

      <button
        type="submit"
        disabled={isSending || !hydrated}
        className={cn(buttonVariants({ size: 'lg' }), 'w-full sm:w-fit')}
      >
        {isSending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
