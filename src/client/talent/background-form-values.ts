import type { ProfileBackground } from '~/shared/talent-background';

// The background forms' values (text inputs hold strings) and how they become the API's items.

type Saved<List extends keyof ProfileBackground> = ProfileBackground[List][number];

export interface WorkValues extends Record<string, unknown> {
  title: string;
  company: string;
  start_month: string;
  end_month: string;
  is_current: boolean;
  description: string;
}
export const emptyWorkValues: WorkValues = {
  title: '',
  company: '',
  start_month: '',
  end_month: '',
  is_current: false,
  description: '',
};
export const workToValues = (job: Saved<'work_history'>): WorkValues => ({
  title: job.title,
  company: job.company,
  start_month: job.start_month,
  end_month: job.end_month ?? '',
  is_current: job.end_month === null,
  description: job.description ?? '',
});
// The API reads a job without an end month as current: "current" unticked needs an end month.
export const workValuesToInput = (values: WorkValues) => ({
  title: values.title,
  company: values.company,
  start_month: values.start_month,
  end_month: values.is_current ? null : values.end_month,
  description: values.description,
});
export const workEndMissing = 'Enter the end month, or tick “I currently work here”.';
export const workValuesProblems = (values: WorkValues): Partial<Record<keyof WorkValues & string, string>> =>
  !values.is_current && values.end_month.trim() === '' ? { end_month: workEndMissing } : {};

// Current jobs first, then by end month and start month, latest first.
export function sortWorkMostRecentFirst(items: WorkValues[]): WorkValues[] {
  const endOf = (values: WorkValues) => (values.is_current ? '9999-12' : values.end_month);
  return [...items].sort(
    (first, second) => endOf(second).localeCompare(endOf(first)) || second.start_month.localeCompare(first.start_month),
  );
}

export interface EducationValues extends Record<string, unknown> {
  school: string;
  degree: string;
  start_year: string;
  end_year: string;
}
export const emptyEducationValues: EducationValues = { school: '', degree: '', start_year: '', end_year: '' };
export const educationToValues = (entry: Saved<'education'>): EducationValues => ({
  school: entry.school,
  degree: entry.degree,
  start_year: String(entry.start_year),
  end_year: entry.end_year === null ? '' : String(entry.end_year),
});
// An empty or non-numeric year becomes NaN, which the shared schema refuses with its sentence.
const yearOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim()));
export const educationValuesToInput = (values: EducationValues) => ({
  school: values.school,
  degree: values.degree,
  start_year: yearOf(values.start_year),
  end_year: values.end_year.trim() === '' ? null : yearOf(values.end_year),
});

export interface LanguageValues extends Record<string, unknown> {
  language: string;
  level: string;
}
export const emptyLanguageValues: LanguageValues = { language: '', level: '' };
export const languageToValues = (entry: Saved<'languages'>): LanguageValues => ({
  language: entry.language,
  level: entry.level,
});

export interface CertificationValues extends Record<string, unknown> {
  name: string;
  issuer: string;
  issued_month: string;
  expires_month: string;
  credential_url: string;
}
export const emptyCertificationValues: CertificationValues = {
  name: '',
  issuer: '',
  issued_month: '',
  expires_month: '',
  credential_url: '',
};
export const certificationToValues = (entry: Saved<'certifications'>): CertificationValues => ({
  name: entry.name,
  issuer: entry.issuer,
  issued_month: entry.issued_month,
  expires_month: entry.expires_month ?? '',
  credential_url: entry.credential_url ?? '',
});
export const certificationValuesToInput = (values: CertificationValues) => ({ ...values });

export interface PortfolioValues extends Record<string, unknown> {
  title: string;
  url: string;
  description: string;
}
export const emptyPortfolioValues: PortfolioValues = { title: '', url: '', description: '' };
export const portfolioToValues = (entry: Saved<'portfolio'>): PortfolioValues => ({
  title: entry.title,
  url: entry.url,
  description: entry.description ?? '',
});
