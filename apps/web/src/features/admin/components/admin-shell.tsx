import { BrainCircuitIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';

/** One tab of the admin area: features add theirs to the array in app/routes/admin.tsx. */
export type AdminTab = { value: string; label: string; Component: ComponentType };

/** /admin (01-core §2): the admin area's title, its link to the ML feedback analytics, and one tab per admin panel. */
export function AdminShell({ tabs }: { tabs: readonly AdminTab[] }) {
  // The open tab lives in the address (?tab=inbox), so staff alerts and bookmarks open it.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const current = tabs.some((t) => t.value === asked) ? (asked ?? '') : (tabs[0]?.value ?? '');
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Users, subscriptions and the tools that keep Wattwise running.</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/feedback-analysis">
            <BrainCircuitIcon aria-hidden /> ML Feedback Analytics
          </Link>
        </Button>
      </div>
      <Tabs value={current} onValueChange={(value) => setParams({ tab: value }, { replace: true })} className="mt-6">
        <TabsList className="h-auto flex-wrap justify-start">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, Component }) => (
          <TabsContent key={value} value={value} className="mt-4">
            <Component />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
