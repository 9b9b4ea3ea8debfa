import { describe, expect, it } from 'vitest';
import { splitLinks } from './message-text';

// Links made safe: only http(s) addresses become links, without the sentence's punctuation; the rest
// stays text (React escapes it).
describe('splitLinks', () => {
  it('turns web addresses into links and leaves the rest as text', () => {
    expect(splitLinks('See https://example.com/agenda. Or http://a.test/x?y=1, thanks!')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/agenda', href: 'https://example.com/agenda' },
      { text: '. Or ' },
      { text: 'http://a.test/x?y=1', href: 'http://a.test/x?y=1' },
      { text: ', thanks!' },
    ]);
  });

  it('never links other schemes or markup', () => {
    for (const text of ['javascript:alert(1)', '<a href="https://x.test">x</a>', 'data:text/html,hi', 'ftp://x.test']) {
      const parts = splitLinks(text);
      expect(parts.filter((part) => part.href && !part.href.startsWith('https://x.test'))).toEqual([]);
      expect(parts.map((part) => part.text).join('')).toBe(text);
    }
  });
});
