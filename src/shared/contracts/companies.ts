import { companyDashboardSchema, companyProfileResponseSchema, companyProfileSchema } from '../companies';
import { defineContract } from '../contract';

// The company's own profile and dashboard.
export const companiesContract = defineContract(
  { name: 'companies', tags: ['companies'] },
  {
    profile: {
      method: 'GET',
      path: '/api/company',
      summary: 'Your company’s profile',
      responses: { 200: companyProfileResponseSchema },
    },
    updateProfile: {
      method: 'PUT',
      path: '/api/company',
      summary: 'Update your company’s profile',
      body: companyProfileSchema,
      responses: { 200: companyProfileResponseSchema },
    },
    dashboard: {
      method: 'GET',
      path: '/api/company/dashboard',
      summary:
        'Your dashboard: people at work (with who is online), jobs by pipeline column, billing figures, your account manager; each section only for the roles that may read it',
      responses: { 200: companyDashboardSchema },
    },
  },
);
