import { isLinkSource, isReferralCode, type LinkSource } from '~/shared/job-reach';

// Where a visitor came from to a job (decision 058), kept for that job in this tab's sessionStorage from the
// landing until they apply: across signing up or in, and the move from the public page to the portal's.
// The server checks it again (an unknown source is the Tandem board, a code of another job or one's own
// counts for nothing); this only carries it.

export interface ApplicationOrigin {
  source?: LinkSource;
  ref?: string;
}

const keyOf = (jobId: string) => `tandem:job-origin:${jobId}`;

// A search engine's result page sends the visitor here with its address as the referrer: google.com,
// google.de, google.co.uk …
const isGoogle = (referrer: string) => {
  try {
    return /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/.test(new URL(referrer).hostname);
  } catch {
    return false;
  }
};

// What the landing's address (?source=, ?ref=) and referrer say; nothing when they say nothing, so a later
// visit without them keeps what an earlier one said.
export function originOfLanding(search: string, referrer: string): ApplicationOrigin | null {
  const query = new URLSearchParams(search);
  const source = query.get('source');
  const ref = query.get('ref');
  const origin: ApplicationOrigin = {
    ...(isLinkSource(source) ? { source } : isGoogle(referrer) ? { source: 'google' as const } : {}),
    ...(isReferralCode(ref) ? { ref } : {}),
  };
  return origin.source || origin.ref ? origin : null;
}

// sessionStorage may be missing or refuse (a private window, storage turned off): the origin is then lost,
// never an error.
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberApplicationOrigin(jobId: string, search: string, referrer: string): void {
  const origin = originOfLanding(search, referrer);
  if (!origin) return;
  try {
    storage()?.setItem(keyOf(jobId), JSON.stringify(origin));
  } catch {
    // Full or refused: nothing to keep.
  }
}

export function applicationOriginOf(jobId: string): ApplicationOrigin {
  try {
    const stored = storage()?.getItem(keyOf(jobId));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (!parsed || typeof parsed !== 'object') return {};
    const { source, ref } = parsed as Record<string, unknown>;
    return { ...(isLinkSource(source) && { source }), ...(isReferralCode(ref) && { ref }) };
  } catch {
    return {};
  }
}

export function forgetApplicationOrigin(jobId: string): void {
  try {
    storage()?.removeItem(keyOf(jobId));
  } catch {
    // Nothing kept.
  }
}
