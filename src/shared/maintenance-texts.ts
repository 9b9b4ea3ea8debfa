// Shown to every visitor who is not an administrator while maintenance mode is on. Apart from settings.ts's
// schemas, with no zod: the portal's shell shows it on every page (decision 037).
export const maintenanceTexts = {
  title: "We'll be back soon",
  body: 'Tandem is down for scheduled maintenance. We are working on it and will be back shortly — thank you for your patience.',
  apiMessage: "Tandem is down for maintenance. We'll be back soon; please try again later.",
} as const;
