// The contract of applicant profiles and talent search (DESIGN.md §4).
export const experienceLevels = ['junior', 'mid', 'senior', 'expert'] as const;
export type ExperienceLevel = (typeof experienceLevels)[number];

export const availabilities = ['full-time', 'part-time', 'project-based'] as const;
export type Availability = (typeof availabilities)[number];

export const regions = ['Americas', 'Europe', 'Asia Pacific', 'Africa'] as const;
export type Region = (typeof regions)[number];
