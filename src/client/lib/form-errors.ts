import { isApiError } from './api-client';

// Splits a failed request into messages for the form's own fields and one for the banner. When the
// server names a field the form has, the message belongs next to that field and the banner stays empty.
export function splitServerError<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  fallback: string,
): { fieldErrors: Array<[Field, string]>; message: string | null } {
  if (!isApiError(error)) return { fieldErrors: [], message: fallback };
  const fieldErrors = fields.flatMap((field): Array<[Field, string]> => {
    const message = error.fields[field];
    return message ? [[field, message]] : [];
  });
  return { fieldErrors, message: fieldErrors.length > 0 ? null : error.message };
}
