import { type PayoutProof, payoutProofSchema, payoutTexts } from '~/shared/payouts';

// The proof every new payout method, new default and Stripe set-up needs (docs/decisions/036): the
// password, or a code emailed to the person (the only way for those who sign in through Google, LinkedIn
// or Apple). The boxes hold text; an empty one is no answer.

export interface ProofValues {
  password: string;
  email_code: string;
}

export const emptyProof: ProofValues = { password: '', email_code: '' };
export const proofFields = ['password', 'email_code'] as const;

type ProofCheck =
  | { proof: PayoutProof; problems: null }
  | { proof: null; problems: Partial<Record<keyof ProofValues, string>> };

// The proof as the API takes it, or what is wrong with it. With nothing typed, the message goes under
// the password when there is one, else under the code.
export function checkProof(values: ProofValues, hasPassword: boolean): ProofCheck {
  const password = hasPassword ? values.password : '';
  const code = values.email_code.trim();
  if (!password && !code) {
    return { proof: null, problems: { [hasPassword ? 'password' : 'email_code']: payoutTexts.proofNeeded } };
  }
  const parsed = payoutProofSchema.safeParse({ password: password || undefined, email_code: code || undefined });
  if (parsed.success) return { proof: parsed.data, problems: null };
  const problems: Partial<Record<keyof ProofValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'password' ? 'password' : 'email_code';
    problems[field] ??= issue.message;
  }
  return { proof: null, problems };
}

// The server names the proof's fields under proof ('proof.password') in a request that carries more.
export const proofFieldName = (serverName: string) => serverName.replace(/^proof\./, '');
