// The tags a public page gives search engines and link previews, in one list that the pages render
// (client/components/page-meta.tsx) and the server writes into HTML it completes itself (the public job
// pages, server/job-board/public-job-pages.ts), so both say the same.

export const SITE_NAME = 'Tandem';

// The picture a shared link shows (public/og-image.png), and what it says for people who cannot see it.
export const SHARE_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Tandem: AI-trained remote teams for growing businesses. Trusted by 500+ businesses, 24/7 coverage, save up to 60%.',
} as const;

// The logo search engines show beside the site (public/logo.png, 512 × 512).
export const LOGO_PATH = '/logo.png';

export function pageTitle(title: string): string {
  return `${title} · ${SITE_NAME}`;
}

export type SharingTag = { property: string; content: string } | { name: string; content: string };

// Open Graph and the card a shared link unfolds into (a large picture): the page's full title, its
// description and address, the site's picture with its alternative text.
export function sharingTags({
  title,
  description,
  url,
  publicUrl,
}: {
  title: string;
  description?: string;
  url: string;
  publicUrl: string;
}): SharingTag[] {
  const fullTitle = pageTitle(title);
  return [
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: fullTitle },
    ...(description ? [{ property: 'og:description', content: description }] : []),
    { property: 'og:url', content: url },
    { property: 'og:image', content: `${publicUrl}${SHARE_IMAGE.path}` },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
    { property: 'og:image:alt', content: SHARE_IMAGE.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}

// schema.org data for the home page: who publishes the site (the logo search engines show) and the site
// itself, one graph whose parts name each other. No rating: a review score the site gives itself is not one
// search engines take (their review snippet rules), and none is collected.
export function homeStructuredData(publicUrl: string) {
  const home = `${publicUrl}/`;
  const organization = `${home}#organization`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organization,
        name: SITE_NAME,
        url: home,
        logo: { '@type': 'ImageObject', url: `${publicUrl}${LOGO_PATH}`, width: 512, height: 512 },
        image: `${publicUrl}${SHARE_IMAGE.path}`,
        description:
          'AI-trained remote teams for growing businesses: customer service, data entry, virtual assistants, finance and accounting, development, marketing and more.',
        email: 'hello@tandemteams.com',
      },
      {
        '@type': 'WebSite',
        '@id': `${home}#website`,
        name: SITE_NAME,
        url: home,
        inLanguage: 'en',
        publisher: { '@id': organization },
      },
    ],
  };
}
