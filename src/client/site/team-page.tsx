import { MailIcon } from 'lucide-react';
import { PageMeta } from '~/client/components/page-meta';
import { leadershipTeam, type TeamMember } from '~/client/content/team';
import { paths } from '~/shared/routes';
import { CtaBanner, InitialsAvatar, PageHero, Section } from './components/site-layout';

function TeamMemberCard({ member }: { member: TeamMember }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-border bg-background p-6 shadow-sm">
      <div className="flex items-center gap-4">
        <InitialsAvatar name={member.name} />
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">{member.name}</h3>
          <p className="text-sm font-medium text-primary">{member.role}</p>
        </div>
      </div>
      <p className="mt-4 flex-1 text-muted-foreground">{member.bio}</p>
      <a
        href={`mailto:${member.email}`}
        className="mt-5 inline-flex w-fit max-w-full items-center gap-2 text-sm font-medium text-primary hover:underline"
      >
        <MailIcon aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">Email {member.name}: </span>
        <span className="truncate">{member.email}</span>
      </a>
    </article>
  );
}

export default function TeamPage() {
  return (
    <>
      <PageMeta
        title={paths.ourTeam.title}
        description="Meet the Tandem leadership team: the people who recruit, train and manage our AI-trained remote professionals and look after every client account."
        path={paths.ourTeam.getHref()}
      />
      <PageHero
        eyebrow="Our Team"
        title="The people behind every Tandem team"
        description="Our leaders have built and run customer operations, finance and training programmes for two decades. Each of them answers their own email, so write to them directly."
      />

      <Section
        eyebrow="Leadership"
        title="Leadership team"
        description="From recruitment and AI training to quality and client success, each part of your engagement has a named owner."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {leadershipTeam.map((member) => (
            <li key={member.email}>
              <TeamMemberCard member={member} />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBanner
        title="Work with us, or join us"
        description="Talk to our team about your next hire, or see the roles open at Tandem right now."
        actions={[
          { label: 'Contact Us', href: paths.contact.getHref() },
          { label: 'View Careers', href: paths.careers.getHref(), variant: 'secondary' },
        ]}
      />
    </>
  );
}
