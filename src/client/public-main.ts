import './lib/zod-jitless';
import { watchCookieConsent } from './app/cookie-consent-prompt';
import { attachHeaderMenus } from './app/public-site/header-menus';
import { attachContactForm, type ContactFormSource } from './site/contact-form-controls';
import { attachTestimonialCarousel } from './site/testimonial-carousel-controls';
import { attachTestimonialFilters } from './site/testimonial-filter-controls';
// Inlined in each page by the prerender, never loaded by this script.
import './site.css';

// The script of the prerendered public pages (decision 005): no React and no router. The page is the
// prerendered HTML, and a link to another page loads that page's HTML; this wires up what the page's
// components would do in the app, with the same code they run there: the header's menus, the cookie banner,
// the home page's carousel, the testimonials' filter and the contact forms. React loads only to show a
// contact form's toast.

const header = document.querySelector<HTMLElement>('[data-site-header]');
if (header) attachHeaderMenus(header);
watchCookieConsent();
for (const carousel of document.querySelectorAll<HTMLElement>('[data-carousel]')) attachTestimonialCarousel(carousel);
for (const filters of document.querySelectorAll<HTMLElement>('[data-testimonial-filters]')) {
  attachTestimonialFilters(filters);
}
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-contact-form]')) {
  attachContactForm(form, {
    source: form.dataset.contactForm as ContactFormSource,
    notify: (toast) => void import('./app/deferred-toasts').then(({ showToast }) => showToast(toast)),
  });
}

// Browser tests wait for this before they click (tests/e2e/support/test.ts), as on a page React hydrates.
document.documentElement.dataset.hydrated = 'true';
