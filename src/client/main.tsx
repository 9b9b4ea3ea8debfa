import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { preloadRouteModules } from './routes';
import './app.css';

// Our CSP has no 'unsafe-eval': zod's compiled fast path would be refused, and its probe for it files a
// CSP violation report. zod reads its settings from this global (zod/v4/core/core.js); importing its
// config() here would add 3.5 KB to every page's first load.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig ??= {};
zodSettings.__zod_globalConfig.jitless = true;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// Public pages arrive prerendered (scripts/prerender.ts) and are hydrated; the rest render here. Either
// way the page's own modules are loaded first; if that fails, rendering shows the error.
const render = () => {
  if (container.dataset.prerendered === 'true') {
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
};
preloadRouteModules(window.location.pathname).then(render, render);
