import type { CaseStudyFullContent } from '../case-studies';

export const fullContent: CaseStudyFullContent = {
  background:
    'Brightwell HR sells leave-management and onboarding software to companies with 50 to 500 employees. Most of its new customers find it through search, so content is its main acquisition channel. Its marketing team of two had a long list of article ideas and no capacity to produce them.',
  challengeDetails: {
    limitedCapacity:
      'With two people covering campaigns, webinars, events and content, the blog received whatever time was left: about four articles a month.',
    slowProduction:
      'Each article passed through a freelance writer, two rounds of edits and a manual upload, taking 12 days on average. Timely topics, such as changes to leave regulations, were often out of date by publication.',
    inconsistentQuality:
      'Freelance drafts varied in accuracy and tone, and none were written with search intent in mind, so even good articles rarely ranked.',
  },
  solutionDetails: {
    contentSpecialist:
      'Tandem placed one content specialist with B2B SaaS writing experience, trained in Tandem’s AI prompt programme, who joined Brightwell’s weekly marketing meeting from the first week.',
    workflowDesign:
      'Within days, the specialist documented a six-stage workflow: keyword research, brief, AI-supported first draft, human rewrite and fact-check, search optimisation, and publishing in the content management system, tracked on a shared board.',
    aiTooling:
      'AI tools generate outlines, first drafts and metadata suggestions from each brief. The specialist rewrites every draft in Brightwell’s voice, checks every legal or statistical claim against a primary source, and adds original examples from customer interviews.',
    editorialControl:
      'Brightwell’s head of marketing approves each brief and the final draft, with a style guide and a list of banned claims that the specialist maintains.',
  },
  detailedResults: {
    outputGrowth:
      'Publishing rose from 4 to 16 articles a month within eight weeks, plus a monthly customer newsletter that had been paused for a year.',
    costPerArticle: 'The cost per published article fell from about $450 to $140, including editing and optimisation.',
    speedToPublish:
      'Brief-to-publish time dropped from 12 days to 3 days, so regulatory updates now go live within the week they are announced.',
    organicGrowth:
      'Organic search traffic grew 85% in six months, and demo requests from blog readers doubled over the same period.',
  },
  keyTakeaways: [
    'AI speeds up drafting; human editing and fact-checking are what make content trustworthy.',
    'A documented workflow let one specialist produce consistently from the first week.',
    'Keeping approval of briefs and final drafts in-house protects brand voice.',
    'Publishing speed matters as much as volume for timely, search-driven topics.',
  ],
};
