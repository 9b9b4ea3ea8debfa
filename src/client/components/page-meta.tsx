import { getPublicUrl } from '~/client/lib/public-url';

interface PageMetaProps {
  title: string;
  description?: string;
  // The page's own path: public pages get a canonical URL and Open Graph tags.
  path?: string;
  noIndex?: boolean;
}

// React 19 hoists these tags into <head>, both in the browser and when pages are prerendered.
export function PageMeta({ title, description, path, noIndex = false }: PageMetaProps) {
  const fullTitle = `${title} · Tandem`;
  const url = path === undefined ? undefined : `${getPublicUrl()}${path === '/' ? '' : path}`;
  return (
    <>
      <title>{fullTitle}</title>
      {description && <meta name="description" content={description} />}
      {noIndex && <meta name="robots" content="noindex" />}
      {url && <link rel="canonical" href={url} />}
      {url && <meta property="og:type" content="website" />}
      {url && <meta property="og:site_name" content="Tandem" />}
      {url && <meta property="og:title" content={fullTitle} />}
      {url && description && <meta property="og:description" content={description} />}
      {url && <meta property="og:url" content={url} />}
      {url && <meta property="og:image" content={`${getPublicUrl()}/og-image.png`} />}
    </>
  );
}
