import { useEffect, useRef } from 'react';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { toast } from '~/client/components/ui/use-toast';
import { cn } from '~/client/lib/cn';
import { attachContactForm, type ContactFormSource, contactFieldId } from './contact-form-controls';

// The public contact form of the home page and of /contact (docs/spec/admin-billing-and-content.md §5 "Contact
// form"). It draws its own fields rather than the Radix-based FormField, and its behaviour is
// contact-form-controls.ts: the same code on the prerendered pages, which load no React (decision 005).

const controlClassName =
  'w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm';

interface FieldProps {
  source: ContactFormSource;
  name: string;
  label: string;
  isRequired?: boolean;
  maxLength: number;
  type?: 'text' | 'email';
  autoComplete?: string;
  isMultiline?: boolean;
  className?: string;
}

// A labelled control; contact-form-controls.ts puts its error message after it and ties it to it.
function Field({ source, name, label, isRequired = false, isMultiline = false, className, ...props }: FieldProps) {
  const id = contactFieldId(source, name);
  const controlProps = { id, name, required: isRequired, 'aria-required': isRequired, 'aria-invalid': false };
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
    </div>
  );
}

export function ContactForm({ source }: { source: ContactFormSource }) {
  const formRef = useRef<HTMLFormElement>(null);
  const hasSubject = source === 'contact_page';
  useEffect(
    () => (formRef.current ? attachContactForm(formRef.current, { source, notify: toast }) : undefined),
    [source],
  );

  return (
    // method="post" keeps what someone typed out of the address bar if they submit before the script runs.
    <form
      ref={formRef}
      method="post"
      noValidate
      data-contact-form={source}
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
        <Field source={source} name="name" label="Name" isRequired maxLength={100} autoComplete="name" />
        <Field
          source={source}
          name="email"
          label="Email"
          isRequired
          maxLength={200}
          type="email"
          autoComplete="email"
        />
        <Field
          source={source}
          name="company"
          label="Company (optional)"
          maxLength={120}
          autoComplete="organization"
          className={hasSubject ? undefined : 'sm:col-span-2'}
        />
        {hasSubject && <Field source={source} name="subject" label="Subject" isRequired maxLength={150} />}
      </div>
      <Field source={source} name="message" label="Message" isRequired maxLength={5000} isMultiline />

      {/* A honeypot: people never see or reach it, bots fill it in and the server drops their message. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={contactFieldId(source, 'website')}>Website</label>
        <input id={contactFieldId(source, 'website')} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>

      {/* Enabled once the form's script runs. */}
      <button type="submit" disabled className={cn(buttonVariants({ size: 'lg' }), 'w-full sm:w-fit')}>
        Send Message
      </button>
    </form>
  );
}
