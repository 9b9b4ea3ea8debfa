import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/client/components/ui/tabs';
import { isOneOf } from '~/client/lib/list-search';
import { applicationStatuses } from '~/shared/application-statuses';
import type { ApplicationStatus } from '~/shared/applications';
import { type StageTab, stageTabLabel, stageTabs } from './pipeline-format';

// The pipeline's stages as tabs, each with its count (All, Submitted, Shortlisted, Interviewing, Offer,
// Hired, Not selected, Withdrawn); the list of the chosen stage shows under them. On a phone the row
// of tabs scrolls sideways rather than squeezing the names.
export function StageTabs({
  stage,
  counts,
  onStageChange,
  label,
  children,
}: {
  stage: ApplicationStatus | null;
  counts: Record<ApplicationStatus, number> | undefined;
  onStageChange: (stage: ApplicationStatus | null) => void;
  label: string;
  children: ReactNode;
}) {
  const total = counts ? applicationStatuses.reduce((sum, status) => sum + counts[status], 0) : undefined;
  const countOf = (tab: StageTab) => (tab === 'all' ? total : counts?.[tab]);
  return (
    <Tabs
      value={stage ?? 'all'}
      onValueChange={(value) => onStageChange(value !== 'all' && isOneOf(applicationStatuses, value) ? value : null)}
      className="min-w-0"
    >
      <div className="-mx-1 overflow-x-auto px-1 pb-1">
        <TabsList aria-label={label} className="w-max">
          {stageTabs.map((tab) => {
            const count = countOf(tab);
            return (
              <TabsTrigger key={tab} value={tab} className="gap-1.5">
                {stageTabLabel(tab)}
                {count !== undefined && (
                  <span className="rounded-full bg-background/70 px-1.5 text-xs tabular-nums">{count}</span>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
      </div>
      {stageTabs.map((tab) => (
        <TabsContent key={tab} value={tab} className="min-w-0">
          {children}
        </TabsContent>
      ))}
    </Tabs>
  );
}
