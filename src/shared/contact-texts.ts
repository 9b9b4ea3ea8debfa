// Kept apart from the zod schema (contact.ts) so the public pages can show these texts without
// shipping zod: the home page has a 100 KB JavaScript budget.
// The public contact forms (docs/spec/portal-and-public-site.md §2 "Public home page" and
// docs/spec/admin-billing-and-content.md §2 "Contact"). The success toasts differ by form, word for word as each
// document has them.
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
