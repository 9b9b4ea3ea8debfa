import { Fragment } from 'react';

// Where a long machine-made word may wrap: after a dot, an underscore, a slash or a hyphen, and before an @. A
// hyphen needs the offer: browsers do not break between a hyphen and a digit (UAX #14), so an id such as
// 554454e6-62db-4a8c-… would otherwise stand as one word and widen its column.
function partsOf(text: string): string[] {
  const parts = [''];
  for (const character of text) {
    if (character === '@' && parts.at(-1) !== '') parts.push('');
    parts[parts.length - 1] += character;
    if (character === '.' || character === '_' || character === '/' || character === '-') parts.push('');
  }
  return parts.filter((part) => part !== '');
}

// An email, an action name (application.status_changed) or an address (a webhook's URL) has no space to wrap at: a narrow column
// either overflows or, with overflow-wrap: anywhere, cuts it mid-word ("harbora|nalytics"). Offers a break
// (<wbr>) where a reader expects one instead; pair it with `break-words`, which cuts a part only when that
// part alone is wider than the line.
export function BreakableText({ text }: { text: string }) {
  return partsOf(text).map((part, index) => (
    // The parts of one string never reorder: the index is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
