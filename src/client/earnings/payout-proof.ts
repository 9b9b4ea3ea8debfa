import { type PayoutProof, payoutProofSchema, payoutTexts } from '~/shared/payouts';

// The proof every new payout method, new default and Stripe set-up needs (docs/decisions/036): the
// password for a person who has one, else a code emailed to them (those who sign in through Google,
// LinkedIn or Apple). The boxes hold text; an empty one is no answer.

export interface ProofValues {
  password: string;
  email_code: string;
}

export const emptyProof: ProofValues = { password: '', email_code: '' };
export const proofFields = ['password', 'email_code'] as const;

type ProofCheck =
  | { proof: PayoutProof; problems: null }
  | { proof: null; problems: Partial<Record<keyof ProofValues, string>> };

// The proof as the API takes it, or what is wrong with it, under the one field the person has.
export function checkProof(values: ProofValues, hasPassword: boolean): ProofCheck {
  if (hasPassword) {
    return values.password
      ? { proof: { password: values.password }, problems: null }
      : { proof: null, problems: { password: payoutTexts.passwordNeeded } };
  }
  const code = values.email_code.trim();
  if (!code) return { proof: null, problems: { email_code: payoutTexts.codeNeeded } };
  const parsed = payoutProofSchema.safeParse({ email_code: code });
  if (parsed.success) return { proof: parsed.data, problems: null };
  return { proof: null, problems: { email_code: parsed.error.issues[0]?.message ?? payoutTexts.codeWrong } };
}

// The server names the proof's fields under proof ('proof.password') in a request that carries more.
export const proofFieldName = (serverName: string) => serverName.replace(/^proof\./, '');
