import { getPublicUrl } from '~/client/lib/public-url';
import { pageTitle, sharingTags } from '~/shared/page-meta';

interface PageMetaProps {
  title: string;
  description?: string;
  // The page's own path: public pages get a canonical URL, Open Graph tags and a link card.
  path?: string;
  noIndex?: boolean;
}

// React 19 hoists these tags into <head>, both in the browser and when pages are prerendered.
export function PageMeta({ title, description, path, noIndex = false }: PageMetaProps) {
  const publicUrl = getPublicUrl();
  const url = path === undefined ? undefined : `${publicUrl}${path === '/' ? '' : path}`;
  return (
    <>
      <title>{pageTitle(title)}</title>
      {description && <meta name="description" content={description} />}
      {noIndex && <meta name="robots" content="noindex" />}
      {url && <link rel="canonical" href={url} />}
      {url &&
        sharingTags({ title, description, url, publicUrl }).map((tag) =>
          'property' in tag ? (
            <meta key={tag.property} property={tag.property} content={tag.content} />
          ) : (
            <meta key={tag.name} name={tag.name} content={tag.content} />
          ),
        )}
    </>
  );
}
