import type { CaseStudyFullContent } from '../case-studies';

export const fullContent: CaseStudyFullContent = {
  background:
    'Tallyway makes scheduling and invoicing software for small field-service businesses such as plumbers, electricians and cleaning companies. After a seed round, it had 140 paying customers and a product customers loved, but every operational task still ran through the three founders. Investors were asking for faster growth; the founders were spending their evenings on support tickets.',
  challengeDetails: {
    founderBandwidth:
      'The CEO estimated that the founders spent more than 30 hours a week each on work that did not need a founder: password resets, data imports, invoice reminders and calendar juggling.',
    customerOnboarding:
      'New customers waited an average of 21 days to import their client lists and price books and go live, and a quarter of trials never finished onboarding at all.',
    runwayConstraints:
      'Hiring six operations staff locally would have cost more than $520,000 a year before benefits, a large share of the seed round, and every role would need training from founders who had no time to give it.',
  },
  solutionDetails: {
    phasedScaling:
      'The engagement began with two assistants dedicated to onboarding and tier-1 support. As each function proved itself, Tandem added roles: sales research after month three, billing operations after month six, and executive assistants for the CEO and CTO after the Series A.',
    roleDesign:
      'Every role had written playbooks, a weekly metric and a named Tallyway owner. Tandem’s account manager ran monthly reviews with the founders and recruited each new assistant within two weeks of the request.',
    aiTools:
      'Assistants used AI tools to draft help articles, summarise customer calls and clean imported customer data, which let a single onboarding specialist prepare three accounts in the time one used to take.',
    knowledgeTransfer:
      'Founders recorded short walkthrough videos once; assistants turned them into a searchable internal wiki of more than 140 articles that now trains every new hire.',
  },
  detailedResults: {
    revenueGrowth:
      'Over 18 months, annual recurring revenue grew from $1.2M to $6.8M and the customer base from 140 to 610, while net revenue retention reached 118%.',
    customerOnboarding:
      'Time to go live fell from 21 days to 6 days, and the share of trials that completed onboarding rose from 75% to 93%.',
    founderTime:
      'Each founder reclaimed about 25 hours a week. The CTO used the time to ship the mobile app that became the centrepiece of the Series B pitch.',
    costSavings:
      'Compared with equivalent US hires, the remote team saved about $1.1M over the 18 months, extending the company’s runway by roughly seven months.',
  },
  keyTakeaways: [
    'Start with the one or two functions that cost founders the most hours, then expand.',
    'Written playbooks and one owner per role make each new assistant productive in days.',
    'Offloading operations is a growth lever, not only a cost saving: it frees builders to build.',
    'One account manager across every role kept a growing team coordinated.',
  ],
};
