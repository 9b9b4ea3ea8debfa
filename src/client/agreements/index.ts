export { AgreementSettingsCard } from './agreement-settings-card';
export { AgreementTemplatesSection } from './agreement-templates-section';
export { JobAgreementsSection } from './job-agreements-section';
