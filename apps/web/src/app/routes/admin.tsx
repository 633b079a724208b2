import type { ComponentType } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { AdminTicketsPanel } from '@/features/support/components/admin-tickets-panel.tsx';

/** The admin area's tabs: each feature adds its panel here (the server checks the role on every call). */
const ADMIN_TABS: { value: string; label: string; Component: ComponentType }[] = [{ value: 'tickets', label: 'Tickets', Component: AdminTicketsPanel }];

/** /admin (01-core §6): a shell with one tab per admin panel. */
export function AdminPage() {
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="text-3xl font-semibold">Admin</h1>
      <p className="mt-1 text-muted-foreground">Run Wattwise: answer support tickets and manage the service.</p>
      <Tabs defaultValue={ADMIN_TABS[0]?.value} className="mt-6">
        <TabsList>
          {ADMIN_TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {ADMIN_TABS.map(({ value, Component }) => (
          <TabsContent key={value} value={value}>
            <Component />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
