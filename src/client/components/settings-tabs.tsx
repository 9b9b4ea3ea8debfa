import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/client/components/ui/tabs';

export interface SettingsTab {
  // In the URL (?tab=security); the first tab has none.
  id: string;
  label: string;
  content: ReactNode;
}

// A Settings page in tabs, the open one in the URL so a link (an email's "Manage notifications") opens it: one
// screen and a Save or two a tab, rather than a page of a dozen forms. On a phone the tabs wrap, all in sight.
export function SettingsTabs({ tabs, label }: { tabs: SettingsTab[]; label: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [first] = tabs;
  const active = tabs.find((tab) => tab.id === searchParams.get('tab')) ?? first;
  if (!first || !active) return null;
  return (
    <Tabs
      value={active.id}
      onValueChange={(value) =>
        setSearchParams((current) => {
          const next = new URLSearchParams(current);
          if (value === first.id) next.delete('tab');
          else next.set('tab', value);
          return next;
        })
      }
    >
      <TabsList aria-label={label} className="h-auto max-w-full flex-wrap justify-start">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.id} value={tab.id}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.id} value={tab.id} className="space-y-6">
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
