import { patchBodyValidation, type ScimPatch, type ScimPatchOperation } from 'scim-patch';
import { scimSchemas, scimTexts } from '~/shared/scim';
import { ScimRefusal } from './scim-errors';
import { canonicalAttributes, canonicalName } from './scim-user-input';

// A PatchOp message (RFC 7644 §3.5.2) made ready for scim-patch, which applies it: the operation names in lower case
// (Entra ID sends "Replace", which RFC 7644 allows: they are case-insensitive) and the attribute names of paths and
// values spelled as the resource spells them, so "Active" replaces active rather than adding a second attribute.

const MAX_OPERATIONS = 100;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// "Name.givenname" → "name.givenName", "Emails[type eq \"work\"].Value" → "emails[type eq \"work\"].value": each
// attribute name outside a filter's brackets.
function canonicalPath(path: string): string {
  const urn = `${scimSchemas.user}:`;
  const withoutUrn = path.toLowerCase().startsWith(urn.toLowerCase()) ? path.slice(urn.length) : path;
  return withoutUrn
    .split(/(\[[^\]]*\])/)
    .map((part) =>
      part.startsWith('[')
        ? part
        : part.replace(
            /(^|\.)([A-Za-z$][\w$-]*)/g,
            (_match, dot: string, name: string) => `${dot}${canonicalName(name)}`,
          ),
    )
    .join('');
}

export function patchOperationsOf(body: unknown): ScimPatchOperation[] {
  if (!isObject(body)) throw new ScimRefusal('validation', scimTexts.patchMalformed, 'invalidSyntax');
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || operations.length === 0 || operations.length > MAX_OPERATIONS) {
    throw new ScimRefusal('validation', scimTexts.patchMalformed, 'invalidSyntax');
  }
  const normalised = operations.map((operation: unknown) => {
    if (!isObject(operation) || typeof operation.op !== 'string') {
      throw new ScimRefusal('validation', scimTexts.patchMalformed, 'invalidSyntax');
    }
    const op = operation.op.toLowerCase();
    const path =
      typeof operation.path === 'string' && operation.path.trim() !== ''
        ? canonicalPath(operation.path.trim())
        : undefined;
    const value = !path && isObject(operation.value) ? canonicalAttributes(operation.value) : operation.value;
    return { op, ...(path !== undefined && { path }), ...('value' in operation && { value }) } as ScimPatchOperation;
  });
  const message = { schemas: Array.isArray(body.schemas) ? body.schemas : [], Operations: normalised } as ScimPatch;
  // Refuses a message without the PatchOp schema, an unknown operation, a remove without a path, an add without a value.
  patchBodyValidation(message);
  return normalised;
}
