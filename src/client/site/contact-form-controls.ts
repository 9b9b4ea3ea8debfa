import { callApi, isApiError } from '~/client/lib/api-client';
import { contactMessages, contactToasts } from '~/shared/contact-texts';
import { isValidEmail } from '~/shared/email';

// The contact form's behaviour, as plain DOM code: the prerendered pages run it without React (decision 005),
// and ContactForm runs the same code on the markup it renders in the app. It validates with the shared texts
// but without zod, shows each field's error beside it (aria-invalid, aria-describedby), and posts with fetch.

export type ContactFormSource = 'home' | 'contact_page';
type FieldName = 'name' | 'email' | 'company' | 'subject' | 'message';
type FieldErrors = Partial<Record<FieldName, string>>;
type ContactToast = { title: string; description: string; variant?: 'destructive' };

const fieldNames: readonly FieldName[] = ['name', 'email', 'company', 'subject', 'message'];

// Each field's id, from its form's source: one form of each source on a page.
export const contactFieldId = (source: ContactFormSource, name: string) => `${source}-contact-${name}`;

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

// `notify` shows a toast: the app's toast(), or on a prerendered page the toasts loaded with the first one.
export function attachContactForm(
  form: HTMLFormElement,
  { source, notify }: { source: ContactFormSource; notify: (toast: ContactToast) => void },
): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  let isSending = false;

  function setFieldError(name: FieldName, message: string | undefined) {
    const control = form.elements.namedItem(name);
    if (!(control instanceof HTMLElement)) return;
    const errorId = `${contactFieldId(source, name)}-error`;
    let error = form.querySelector<HTMLElement>(`[id="${errorId}"]`);
    control.setAttribute('aria-invalid', String(Boolean(message)));
    if (!message) {
      control.removeAttribute('aria-describedby');
      error?.remove();
      return;
    }
    control.setAttribute('aria-describedby', errorId);
    if (!error) {
      error = document.createElement('p');
      error.id = errorId;
      error.className = 'text-sm font-medium text-destructive';
      control.after(error);
    }
    error.textContent = message;
  }

  function showErrors(errors: FieldErrors) {
    for (const name of fieldNames) setFieldError(name, errors[name]);
    const first = fieldNames.find((name) => errors[name]);
    const element = first && form.elements.namedItem(first);
    if (element instanceof HTMLElement) element.focus();
  }

  // One line above the button for the whole form: a refusal that names no field (an alert), or the thanks,
  // which stays after the toast has gone (or hid under the cookie banner) until the next send.
  const messageStyles = {
    alert: 'border-destructive bg-red-50 text-destructive',
    status: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  };
  function showFormMessage(message: { role: keyof typeof messageStyles; text: string } | null) {
    form.querySelector('[data-form-message]')?.remove();
    if (!message) return;
    const line = document.createElement('p');
    line.dataset.formMessage = '';
    line.setAttribute('role', message.role);
    line.className = `rounded-md border px-4 py-3 text-sm ${messageStyles[message.role]}`;
    line.textContent = message.text;
    submit?.before(line);
  }

  function setSending(sending: boolean) {
    isSending = sending;
    if (!submit) return;
    submit.disabled = sending;
    submit.textContent = sending ? 'Sending...' : 'Send Message';
  }

  async function send() {
    const payload = readPayload(form, source);
    const clientErrors = validate(payload);
    showFormMessage(null);
    showErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) return;

    setSending(true);
    try {
      // Loaded on submit: the contract is not needed before.
      const { siteContract } = await import('~/shared/contracts/site');
      try {
        await callApi(siteContract.sendContactMessage, { body: payload });
      } catch (error) {
        if (!isApiError(error)) throw error;
        const serverErrors: FieldErrors = {};
        for (const name of fieldNames) {
          const message = error.fields[name];
          if (message) serverErrors[name] = message;
        }
        showErrors(serverErrors);
        if (error.status === 429) showFormMessage({ role: 'alert', text: error.message });
        notify({ ...contactToasts.failure, variant: 'destructive' });
        return;
      }
      form.reset();
      const thanks = source === 'home' ? contactToasts.homeSuccess : contactToasts.contactPageSuccess;
      notify(thanks);
      showFormMessage({ role: 'status', text: `${thanks.title} ${thanks.description}` });
    } catch {
      notify({ ...contactToasts.failure, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  form.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      if (!isSending) void send();
    },
    { signal },
  );
  // Typing into a field with an error takes its message away; the next submit checks again.
  form.addEventListener(
    'input',
    (event) => {
      const target = event.target;
      const name = (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && target.name;
      if (name && (fieldNames as readonly string[]).includes(name) && target.getAttribute('aria-invalid') === 'true') {
        setFieldError(name as FieldName, undefined);
      }
    },
    { signal },
  );
  // The prerendered button waits for this: a click before it would post the form natively to a URL that
  // only takes JSON.
  if (submit) submit.disabled = false;
  return () => {
    controller.abort();
    if (submit) submit.disabled = true;
  };
}
