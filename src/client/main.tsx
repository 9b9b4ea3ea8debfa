import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setReaderLocale } from '~/shared/money-format';
import { App } from './app/app';
import { preloadRouteModules } from './routes';
import './app.css';

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
    // Hydrated text must match the prerendered (en-US) text, so public pages keep its amounts' format.
    hydrateRoot(container, app);
  } else {
    // Amounts in the reader's own format (issue 55): 1.234,50 € in Berlin, ₹1,23,456.00 in Pune.
    setReaderLocale(navigator.language);
    createRoot(container).render(app);
  }
};
// A prerendered public page is its HTML, wired up by public-main.ts (decision 005). A chunk it loads later
// (the toasts') may share modules with this entry and so run it: it then leaves the page alone.
if (container.dataset.islands !== 'true') preloadRouteModules(window.location.pathname).then(render, render);
