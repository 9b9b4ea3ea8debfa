import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '~/client/components/ui/badge';

// A titled part of a detail view (a job post's skills, its tests…), at the heading level of its page.
export function DetailSection({ title, level, children }: { title: string; level: 2 | 3; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={level === 2 ? 'grid gap-3' : 'grid gap-2'}>
      <Heading className={level === 2 ? 'text-base font-semibold' : 'text-sm font-semibold'}>{title}</Heading>
      {children}
    </section>
  );
}

// What a section says when it has nothing to list.
export function NoneText({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

// A list of short labels (skills, certifications) as badges, or a sentence when there are none.
export function BadgeList({
  items,
  label,
  variant,
  empty,
}: {
  items: readonly string[];
  label: string;
  variant: BadgeVariant;
  empty: string;
}) {
  if (items.length === 0) return <NoneText>{empty}</NoneText>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {items.map((item) => (
        <li key={item}>
          <Badge variant={variant}>{item}</Badge>
        </li>
      ))}
    </ul>
  );
}

// A job post's required skills and certifications, as every view of a job shows them.
export function JobSkillsAndCertifications({
  skills,
  certifications,
  level,
}: {
  skills: readonly string[];
  certifications: readonly string[];
  level: 2 | 3;
}) {
  return (
    <>
      <DetailSection title="Required skills" level={level}>
        <BadgeList items={skills} label="Required skills" variant="secondary" empty="No particular skills." />
      </DetailSection>
      <DetailSection title="Required certifications" level={level}>
        <BadgeList
          items={certifications}
          label="Required certifications"
          variant="outline"
          empty="No certifications required."
        />
      </DetailSection>
    </>
  );
}
