import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { homeStructuredData, LOGO_PATH, SHARE_IMAGE, sharingTags } from './page-meta';

// A PNG's width and height, from its header chunk.
async function pngSize(publicPath: string) {
  const bytes = await fs.readFile(`public${publicPath}`);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const PUBLIC_URL = 'https://tandem.example';

describe('what search engines and link previews read', () => {
  it('gives every shared page a large card and a picture with its alternative text, at absolute addresses', () => {
    const tags = sharingTags({
      title: 'About Us',
      description: 'Who we are.',
      url: `${PUBLIC_URL}/about-us`,
      publicUrl: PUBLIC_URL,
    });
    const content = (key: string) => tags.find((tag) => ('property' in tag ? tag.property : tag.name) === key)?.content;
    expect(content('twitter:card')).toBe('summary_large_image');
    expect(content('og:title')).toBe('About Us · Tandem');
    expect(content('og:description')).toBe('Who we are.');
    expect(content('og:url')).toBe(`${PUBLIC_URL}/about-us`);
    expect(content('og:image')).toBe(`${PUBLIC_URL}/og-image.png`);
    expect(content('og:image:alt')).toBe(SHARE_IMAGE.alt);
    expect(SHARE_IMAGE.alt.length).toBeGreaterThan(20);
    // Without a description, no empty tag.
    expect(
      sharingTags({ title: 'X', url: PUBLIC_URL, publicUrl: PUBLIC_URL }).some(
        (tag) => 'property' in tag && tag.property === 'og:description',
      ),
    ).toBe(false);
  });

  it('describes the organization with its logo and no rating of its own, and the web site it publishes', async () => {
    const data = homeStructuredData(PUBLIC_URL);
    expect(data['@context']).toBe('https://schema.org');
    const [organization, website, ...rest] = data['@graph'];
    expect(rest).toEqual([]);
    expect(organization).toEqual({
      '@type': 'Organization',
      '@id': `${PUBLIC_URL}/#organization`,
      name: 'Tandem',
      url: `${PUBLIC_URL}/`,
      logo: { '@type': 'ImageObject', url: `${PUBLIC_URL}/logo.png`, width: 512, height: 512 },
      image: `${PUBLIC_URL}/og-image.png`,
      description: expect.stringContaining('AI-trained remote teams'),
      email: 'hello@tandemteams.com',
    });
    expect(JSON.stringify(data)).not.toMatch(/rating/i);
    // The logo is a picture the site serves, as large as it says (search engines want 112 px or more).
    expect(await pngSize(LOGO_PATH)).toEqual({ width: 512, height: 512 });
    expect(await pngSize(SHARE_IMAGE.path)).toEqual({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height });
    expect(website).toEqual({
      '@type': 'WebSite',
      '@id': `${PUBLIC_URL}/#website`,
      name: 'Tandem',
      url: `${PUBLIC_URL}/`,
      inLanguage: 'en',
      publisher: { '@id': organization?.['@id'] },
    });
  });
});
