// The leadership team of /our-team (docs/spec/admin-billing-and-content.md §3 "Team member"). Pictures are initials
// avatars and there are no social profile links: only what exists is shown.

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  email: string;
}

export const leadershipTeam: TeamMember[] = [
  {
    name: 'Daniel Reyes',
    role: 'Chief Executive Officer',
    bio: 'Daniel spent fifteen years building customer operations centres in Manila and Cebu for retail and fintech brands before founding Tandem to bring AI training into outsourced work.',
    email: 'daniel.reyes@tandemteams.com',
  },
  {
    name: 'Laura Whitfield',
    role: 'Chief Operating Officer',
    bio: 'Laura runs delivery across every Tandem team, from shift planning to quality reviews. She previously led global support operations for a SaaS company with four million users.',
    email: 'laura.whitfield@tandemteams.com',
  },
  {
    name: 'Miguel Santos',
    role: 'Head of AI Training',
    bio: 'Miguel designed the Tandem AI curriculum: prompt writing, AI-assisted research and tool automation. He keeps it current as the tools our clients use change.',
    email: 'miguel.santos@tandemteams.com',
  },
  {
    name: 'Priya Natarajan',
    role: 'VP of Client Success',
    bio: 'Priya leads the account managers who look after every client. Her team owns onboarding plans, quarterly business reviews and the 98% client retention we are proud of.',
    email: 'priya.natarajan@tandemteams.com',
  },
  {
    name: 'Carmela Dizon',
    role: 'Head of Talent & People',
    bio: 'Carmela oversees recruitment, testing and career development. She built the assessment process that every Tandem professional passes before joining a client team.',
    email: 'carmela.dizon@tandemteams.com',
  },
  {
    name: 'Andrea Villanueva',
    role: 'Director of Quality & Compliance',
    bio: 'Andrea runs our quality assurance programme and data protection controls, and works with clients in healthcare and finance on their compliance requirements.',
    email: 'andrea.villanueva@tandemteams.com',
  },
];
