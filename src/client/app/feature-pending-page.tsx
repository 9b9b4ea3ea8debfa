import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';

// A route whose feature has not landed yet: its layout and its title, nothing pretending to work.
export default function FeaturePendingPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  return (
    <>
      <PageMeta title={title} />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
    </>
  );
}
