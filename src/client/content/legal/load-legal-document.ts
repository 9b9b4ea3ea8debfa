import { createContentLoader } from '~/client/lib/content-loader';
import type { LegalDocument } from './legal-document';

export type LegalDocumentId = 'privacy' | 'terms' | 'cookies' | 'gdpr';

// Each policy is its own chunk: a visitor reading one does not download the other three.
export const loadLegalDocument = createContentLoader<LegalDocumentId, LegalDocument>({
  privacy: () => import('./privacy-policy').then((module) => module.privacyPolicy),
  terms: () => import('./terms-of-service').then((module) => module.termsOfService),
  cookies: () => import('./cookie-policy').then((module) => module.cookiePolicy),
  gdpr: () => import('./gdpr-compliance').then((module) => module.gdprCompliance),
});
