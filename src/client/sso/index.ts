export { CompanySecurityTab } from './company-security-tab';
