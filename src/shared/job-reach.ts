// Where an application came from (docs/decisions/058): the board, a feed's reader, a search engine, a link
// someone passed on, or a member's referral link.
export const applicationSources = ['tandem', 'indeed', 'google', 'feed', 'shared_link', 'referral'] as const;
export type ApplicationSource = (typeof applicationSources)[number];

export const applicationSourceLabels: Record<ApplicationSource, string> = {
  tandem: 'Tandem board',
  indeed: 'Indeed',
  google: 'Google',
  feed: 'Job feed',
  shared_link: 'Shared link',
  referral: 'Referral',
};
