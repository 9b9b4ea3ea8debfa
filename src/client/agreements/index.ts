export { AgreementTemplatesSection } from './agreement-templates-section';
