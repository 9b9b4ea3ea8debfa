import { type FieldErrors, type FieldValues, type Path, set, type UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

// The form field a server's field name belongs to: itself, or its parent ('test_ids.0' → 'test_ids').
function formFieldOf<Field extends string>(name: string, fields: readonly Field[]): Field | undefined {
  return fields.find((field) => name === field || name.startsWith(`${field}.`));
}

// Splits a failed request into messages for the form's own fields and one for the banner. When every
// field the server names is one the form shows, the messages belong next to those fields and the banner
// stays empty; a message for a field the form does not show sends the server's sentence to the banner.
export function splitServerError<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  fallback: string,
  formNameOf: (serverName: string) => string = (name) => name,
): { fieldErrors: Array<[Field, string]>; message: string | null } {
  if (!isApiError(error)) return { fieldErrors: [], message: fallback };
  const placed = new Map<Field, string>();
  let isEveryMessagePlaced = true;
  for (const [serverName, message] of Object.entries(error.fields)) {
    const name = formNameOf(serverName);
    const field = formFieldOf(name, fields);
    if (!field) isEveryMessagePlaced = false;
    // The field's own message wins over one about a part of it.
    else if (name === field || !placed.has(field)) placed.set(field, message);
  }
  // In the form's order, so the first one focused is the first on screen.
  const fieldErrors = fields.flatMap((field): Array<[Field, string]> => {
    const message = placed.get(field);
    return message ? [[field, message]] : [];
  });
  return { fieldErrors, message: fieldErrors.length > 0 && isEveryMessagePlaced ? null : error.message };
}

interface ApplyServerErrorOptions<Values extends FieldValues> {
  // The fields the form shows; the server's messages for these go next to them.
  fields: readonly Path<Values>[];
  // The banner's sentence when the request got no answer from the server (offline, blocked).
  fallback: string;
  // The form's name of a field the server names, when the form types it differently (the payload's
  // 'milestones.0.amount_cents' is the dollars box 'milestones.0.amount').
  formNameOf?: (serverName: string) => string;
}

// Puts a failed request's field messages on a react-hook-form form, focusing the first field named, and
// returns the sentence for the form's banner: the server's, the fallback, or null when every message went
// to a field. `const message = applyServerError(form, error, { fields, fallback }); setBanner(message);`
export function applyServerError<Values extends FieldValues>(
  form: { setError: UseFormSetError<Values> },
  error: unknown,
  { fields, fallback, formNameOf }: ApplyServerErrorOptions<Values>,
): string | null {
  const { fieldErrors, message } = splitServerError(error, fields, fallback, formNameOf);
  fieldErrors.forEach(([field, text], index) => {
    form.setError(field, { type: 'server', message: text }, { shouldFocus: index === 0 });
  });
  return message;
}

// Field → message, as the shared rules give them ('name', 'questions.2.answer_key'), as react-hook-form's
// errors for a resolver. A message about a whole list (one of `lists`) goes to the list's `root`, where
// useFieldArray keeps it.
export function toFieldErrors<Values extends FieldValues>(
  problems: Record<string, string>,
  lists: readonly string[] = [],
): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  for (const [field, message] of Object.entries(problems)) {
    set(errors, lists.includes(field) ? `${field}.root` : field, { type: 'validate', message });
  }
  return errors;
}

// Every message in a part of a form's errors, in order (the problems of one question of a list, say).
export function messagesOf(errors: unknown): string[] {
  if (typeof errors !== 'object' || errors === null) return [];
  const own = 'message' in errors && typeof errors.message === 'string' ? [errors.message] : [];
  const nested = Object.entries(errors).flatMap(([key, value]) =>
    key === 'ref' || key === 'message' || key === 'types' ? [] : messagesOf(value),
  );
  return [...own, ...nested];
}
