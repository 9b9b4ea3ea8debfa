// Walks an authorization URL of the local provider the way a browser would (cookies, redirects, an
// auto-submitted form_post), stopping where the provider hands the browser back to Tandem.

interface ProviderAnswer {
  // Where the provider sends the browser back.
  url: URL;
  // The parameters it sends along (query string, or the form fields of form_post).
  parameters: Record<string, string>;
  method: 'GET' | 'POST';
}

function decodeHtml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

export async function walkProvider(authorizationUrl: string, returnPrefix: string): Promise<ProviderAnswer> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let step = 0; step < 10; step++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(returnPrefix)) {
        return { url: next, parameters: Object.fromEntries(next.searchParams), method: 'GET' };
      }
      url = next;
      continue;
    }
    const html = await response.text();
    const rawAction = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const action = rawAction ? decodeHtml(rawAction) : undefined;
    if (action?.startsWith(returnPrefix)) {
      const parameters: Record<string, string> = {};
      for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
        if (match[1]) parameters[match[1]] = decodeHtml(match[2] ?? '');
      }
      return { url: new URL(action), parameters, method: 'POST' };
    }
    throw new Error(`The provider answered ${response.status} at ${url.href}:\n${html.slice(0, 500)}`);
  }
  throw new Error('The provider redirected too many times.');
}
