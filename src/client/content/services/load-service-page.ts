import { createContentLoader } from '~/client/lib/content-loader';
import type { ServicePageContent, ServicePageId } from './service-content';

// Each service page's content is its own chunk, so a visitor downloads the copy of the page they read only.
export const loadServicePage = createContentLoader<ServicePageId, ServicePageContent>({
  customerService: () => import('./customer-service').then((module) => module.content),
  dataEntry: () => import('./data-entry').then((module) => module.content),
  virtualAssistants: () => import('./virtual-assistants').then((module) => module.content),
  businessOperations: () => import('./business-operations').then((module) => module.content),
  financeAccounting: () => import('./finance-accounting').then((module) => module.content),
  codeDevelopment: () => import('./code-development').then((module) => module.content),
  designGraphics: () => import('./design-graphics').then((module) => module.content),
  digitalMarketing: () => import('./digital-marketing').then((module) => module.content),
  humanResources: () => import('./human-resources').then((module) => module.content),
  leadGeneration: () => import('./lead-generation').then((module) => module.content),
  ecommerceSupport: () => import('./ecommerce-support').then((module) => module.content),
});
