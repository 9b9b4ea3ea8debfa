// The platform's own skills tests, public to every company: "Python Assessment" and so on. A passed one
// proves the skill its name names (Talent Search's Proven Skills, migration 0014). They belong to an
// organisation of their own until the admin back office manages them; seed/platform-assessments.ts makes them.
export const PLATFORM_ASSESSMENTS = { name: 'Tandem Assessments', contactEmail: 'assessments@tandem.test' } as const;
export const assessedSkills = [
  'React',
  'TypeScript',
  'Node.js',
  'Python',
  'AWS',
  'SQL',
  'Docker',
  'Figma',
  'Customer Service',
  'QuickBooks',
  'SEO',
  'Excel',
] as const;
export const assessmentNameOf = (skill: string) => `${skill} Assessment`;
