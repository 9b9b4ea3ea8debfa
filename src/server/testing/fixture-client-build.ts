import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

// A miniature build: what scripts/prerender.ts and compress-assets.ts leave in build/client.
export async function writeFixtureBuild(directory: string) {
  const files: Record<string, string> = {
    'index.html': '<html><body>home page</body></html>',
    'about-us/index.html':
      '<html><head><link rel="canonical" href="%PUBLIC_URL%/about-us"></head><body>about us page</body></html>',
    'sitemap.xml': '<urlset><url><loc>%PUBLIC_URL%/about-us</loc></url></urlset>',
    'robots.txt': 'User-agent: *\nSitemap: %PUBLIC_URL%/sitemap.xml\n',
    'app-shell.html': '<html><body>app shell</body></html>',
    'app-shells/companyJobs.html':
      '<html><head><link rel="modulepreload" crossorigin href="/assets/jobs-page-1a2b3c.js"></head><body>app shell</body></html>',
    '404.html': '<html><body>Oops! Page not found</body></html>',
    // A page with a parameter built for each of its values, and its page shell for any other value.
    'case-studies/saas-startup-growth/index.html': '<html><body>saas case study page</body></html>',
    'app-shells/caseStudy.html': '<html><body>case study shell</body></html>',
    'page-addresses.json': JSON.stringify({
      builtOnly: ['caseStudy'],
      moved: { '/case-studies/3': '/case-studies/saas-startup-growth' },
    }),
    'assets/app-3f2a1b.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    '.vite/manifest.json': '{}',
  };
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.join(directory, path.dirname(file)), { recursive: true });
    await fs.writeFile(path.join(directory, file), content);
  }
  const asset = path.join(directory, 'assets/app-3f2a1b.js');
  await fs.writeFile(`${asset}.br`, zlib.brotliCompressSync(await fs.readFile(asset)));
}
