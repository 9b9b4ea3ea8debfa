import { dollarsToCents } from '~/client/lib/dollars';
import { milestoneTexts, type SettleDisputeInput, settleDisputeSchema } from '~/shared/milestones';

// What the Settle form holds: the release as typed in dollars (empty until the administrator types or
// picks one) and the note; the payload is whole cents read from the text, never a float.

export interface SettleFormValues {
  release: string;
  note: string;
}

type SettleFormField = keyof SettleFormValues;
export const settleFormFields: readonly SettleFormField[] = ['release', 'note'];

// The form's name of a payload's field.
export const toSettleFieldName = (payloadName: string) => (payloadName === 'release_cents' ? 'release' : payloadName);

type SettleFormResult =
  | { body: SettleDisputeInput; problems: null }
  | { body: null; problems: Partial<Record<SettleFormField, string>> };

// The payload when every rule holds, or each field's first message. The release is between nothing and
// what is held; the schema's release messages speak of cents, the form of dollars, so one sentence says both.
export function checkSettleForm(values: SettleFormValues, fundedCents: number): SettleFormResult {
  const releaseCents = dollarsToCents(values.release);
  const parsed = settleDisputeSchema.safeParse({ release_cents: releaseCents, note: values.note });
  const problems: Partial<Record<SettleFormField, string>> = {};
  if (!Number.isSafeInteger(releaseCents) || releaseCents < 0 || releaseCents > fundedCents) {
    problems.release = milestoneTexts.releaseRange(fundedCents);
  }
  for (const issue of parsed.error?.issues ?? []) {
    const field = toSettleFieldName(String(issue.path[0])) as SettleFormField;
    if (field === 'note') problems.note ??= issue.message;
    else problems.release ??= milestoneTexts.releaseRange(fundedCents);
  }
  if (!parsed.success || Object.keys(problems).length > 0) return { body: null, problems };
  return { body: parsed.data, problems: null };
}

// The cents of a release as typed, or null while it is not an amount the settlement could take.
export function typedRelease(typed: string, fundedCents: number): number | null {
  const cents = dollarsToCents(typed);
  return Number.isSafeInteger(cents) && cents >= 0 && cents <= fundedCents ? cents : null;
}
