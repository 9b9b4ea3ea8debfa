// The site's public address, for canonical links and Open Graph tags. Prerendered pages carry the
// placeholder, which the server replaces with PUBLIC_URL when it loads them (platform/web-client.ts);
// the browser reads the same value from the page's <meta name="tandem:public-url">, so hydration matches.
export const PUBLIC_URL_PLACEHOLDER = '%PUBLIC_URL%';

export function getPublicUrl(): string {
  if (typeof document === 'undefined') return PUBLIC_URL_PLACEHOLDER;
  const configured = document.querySelector<HTMLMetaElement>('meta[name="tandem:public-url"]')?.content;
  return configured && !configured.startsWith('%') ? configured : window.location.origin;
}
