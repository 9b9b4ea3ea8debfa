export function CaseStudyTags({ tags }: { tags: string[] }) {
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">
          {tag}
        </li>
      ))}
    </ul>
  );
}
