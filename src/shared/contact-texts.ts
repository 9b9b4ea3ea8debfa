// Kept apart from the zod schema (contact.ts) so the public pages can show these texts without
// shipping zod: the home page has a 100 KB JavaScript budget.
// The public contact forms (spec §2 "Public home page" of the portal document and "Contact" of the
// admin/content document). The success toasts differ by form, word for word as each document has them.
export const contactToasts = {
  homeSuccess: {
    title: 'Message Sent!',
    description: "Thank you for your interest. We'll get back to you within 24 hours.",
  },
  contactPageSuccess: {
    title: 'Message Sent!',
    description: "Thank you for contacting us. We'll get back to you within 24 hours.",
  },
  failure: { title: 'Error', description: 'Failed to send message. Please try again.' },
} as const;

export const contactMessages = {
  name: 'Please enter your name.',
  email: 'Please enter a valid email address',
  subject: 'Please enter a subject.',
  message: 'Please enter your message.',
} as const;
