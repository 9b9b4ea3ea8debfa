import type { CaseStudyFullContent } from '../case-studies';

export const fullContent: CaseStudyFullContent = {
  background:
    'Harbor & Pine sells furniture, bedding and kitchenware online to customers across the United States and Canada, with most revenue arriving between October and January. The company had grown 70% in two years, but its support function had not kept pace: a single shift of eight agents answered every email and chat, weekend messages waited until Monday, and seasonal temporary hires took three weeks to train and left just as they became productive. Leadership wanted a support operation that could absorb the holiday peak without permanently tripling payroll.',
  challengeDetails: {
    volumeSpikes:
      'Ticket volume rose from about 4,000 a month in summer to a forecast of 12,000 to 14,000 a month from Black Friday to mid-January. Three out of four contacts were order-status, delivery-window and return questions that arrived in bursts after every marketing email.',
    customerExperience:
      'Median first response time had reached 19 hours and CSAT had fallen to 72%. Unanswered chats were turning into duplicate emails and chargebacks, and one-star reviews mentioning “no reply” had doubled in a quarter.',
    costPressure:
      'Hiring and training 20 seasonal agents locally was quoted at more than $310,000 for the season, before overtime and management time, with no guarantee of quality or of finding people willing to work nights and weekends.',
  },
  solutionDetails: {
    teamStructure:
      'Tandem recruited and onboarded 25 agents in two cohorts, organised in three shifts with a team lead per shift and a dedicated account manager as the single point of contact for Harbor & Pine’s head of customer experience. The original eight-person team became the escalation tier for damaged goods, high-value orders and press enquiries.',
    aiTraining:
      'Every agent completed Tandem’s AI tools training on the client’s own help center articles, return policy and product catalogue. Agents used AI-drafted replies inside the helpdesk for routine questions, and reviewed, personalised and sent each one themselves rather than letting anything go out unchecked.',
    toolsAndIntegration:
      'The team worked in the existing helpdesk and chat tools with read-only access to the order management system, so agents could confirm tracking numbers, delivery windows and refund status without asking the warehouse. Twenty-two new macros covered the most common scenarios.',
    qualityAssurance:
      'Team leads scored 5% of conversations each week against a shared scorecard for accuracy, tone and policy compliance, and a joint weekly call with Harbor & Pine reviewed low scores, new product issues and macro changes.',
  },
  detailedResults: {
    responseTimes:
      'Median first response time fell from 19 hours to 45 minutes within five weeks of launch, and live chat waits stayed under two minutes even on Cyber Monday, the busiest day in the company’s history.',
    customerSatisfaction:
      'CSAT climbed from 72% to 94% and stayed above 92% through January returns season. One-star reviews mentioning support dropped by 81%.',
    costEfficiency:
      'The cost per resolved ticket fell 58% compared with the in-house model, and the season’s support budget came in $184,000 under the local seasonal-hiring quote.',
    businessImpact:
      'Faster answers on delivery questions reduced order cancellations, and the repeat purchase rate rose 18% year over year. Harbor & Pine kept 12 of the 25 agents after the peak as its permanent weekend and overnight team.',
  },
  keyTakeaways: [
    'Plan seasonal capacity three months ahead: two onboarding cohorts gave time to fix macros before the peak.',
    'AI-drafted replies save time only when trained people review and personalise every one.',
    'Keeping the in-house team as an escalation tier protected product knowledge and morale.',
    'A team that can shrink after the peak turns support from a fixed cost into a flexible one.',
  ],
};
