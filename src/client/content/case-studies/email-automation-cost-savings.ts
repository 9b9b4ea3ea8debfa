import type { CaseStudyFullContent } from '../case-studies';

export const fullContent: CaseStudyFullContent = {
  background:
    'Saltmarsh Skincare is a small direct-to-consumer brand selling cleansers, serums and a subscription refill service from its online store. Its founder had outsourced email to a general-purpose support agency two years earlier, but as the subscription business grew, the agency’s generic scripts no longer fitted the questions customers were asking.',
  challengeDetails: {
    inboxVolume:
      'About 400 emails arrived each day: where is my order, how do I pause my subscription, is this serum safe with retinol, and can I change my shipping address. Most were routine, but all were answered by hand from the same queue.',
    agencyCosts:
      'The agency billed $9,200 a month on a per-ticket basis, so costs rose with every marketing campaign, and the founder still spent around 15 hours a week correcting answers about ingredients.',
    responseQuality:
      'Average reply time was 14 hours. Subscribers who could not pause in time were charged for refills they did not want, which produced refunds and cancellations.',
  },
  solutionDetails: {
    dedicatedSpecialist:
      'Tandem matched Saltmarsh with one email support specialist with e-commerce and subscription experience, trained in Tandem’s AI prompt and tools programme, working the brand’s business hours plus weekend checks.',
    inboxAutomation:
      'In the first few days the specialist set up automatic tagging by topic, connected order and subscription lookups to the helpdesk, and wrote 30 reply templates that AI tools adapt to each customer’s order details.',
    humanReview:
      'Automated drafts never go out unread. The specialist reviews each one, handles ingredient and skin-sensitivity questions personally against the founder’s approved product guide, and escalates anything medical.',
    weeklyReporting:
      'Every Friday the founder receives a one-page report on volume, reply times, top questions and product feedback, which has already informed two packaging changes.',
  },
  detailedResults: {
    costReduction:
      'Monthly support cost fell from $9,200 to $2,300, a 75% saving, and no longer rises with each campaign.',
    responseTimes:
      'Average reply time dropped from 14 hours to 2 hours, and subscription pause requests are handled the same day, which cut unwanted-refill refunds by 64%.',
    automationCoverage:
      'About 68% of emails are now answered through reviewed automated workflows, leaving the specialist time for the conversations that need a person.',
    founderTime:
      'The founder reclaimed about 15 hours a week and spends it on product development and wholesale partnerships.',
  },
  keyTakeaways: [
    'For a small brand, one well-trained specialist with good automation can outperform a per-ticket agency.',
    'Automate the routine questions and keep a person on anything involving health or money.',
    'Connecting order and subscription data to the inbox removes most back-and-forth.',
    'A weekly report turns the support inbox into a source of product feedback.',
  ],
};
