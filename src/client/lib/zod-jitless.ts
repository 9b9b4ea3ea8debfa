// Our CSP has no 'unsafe-eval': zod's compiled fast path would be refused, and its probe for it files a
// CSP violation report. zod reads its settings from this global (zod/v4/core/core.js); importing its
// config() instead would add 3.5 KB to every page's first load. Imported before anything that loads zod.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig ??= {};
zodSettings.__zod_globalConfig.jitless = true;
