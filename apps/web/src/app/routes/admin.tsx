import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { AdminSubscriptionsPanel } from '@/features/subscription/components/admin-subscriptions-panel.tsx';
import { AdminTicketsPanel } from '@/features/support/components/admin-tickets-panel.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { PageSpinner } from './page-spinner.tsx';

/** The admin tabs: each panel is its feature's own component (the lead unions these arrays at merge). */
const ADMIN_TABS = [
  { value: 'users', label: 'Users & Subscriptions', Component: AdminSubscriptionsPanel },
  { value: 'tickets', label: 'Tickets', Component: AdminTicketsPanel },
] as const;

const ACCESS_DENIED = 'Access denied: You do not have permission to view this page.';
const AUTH_ERROR = 'Authentication error: There was an error verifying your permissions.';

/**
 * /admin (01-core §2, §6): the role comes from the server's fresh session check; others get the
 * spec's toast and go to /dashboard. Every admin endpoint checks the role again on the server.
 */
export function AdminRoute() {
  const { isAdmin, isLoading, session } = useAuth();
  const navigate = useNavigate();
  const told = useRef(false);
  const denied = !isLoading && !isAdmin;
  useEffect(() => {
    if (!denied || told.current) return;
    told.current = true;
    toast.error(session === null && !isLoading ? AUTH_ERROR : ACCESS_DENIED);
    void navigate('/dashboard', { replace: true });
  }, [denied, session, isLoading, navigate]);
  if (!isAdmin) return <PageSpinner />;
  return (
    <div className="mx-auto grid w-full max-w-[1200px] gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
      <Tabs defaultValue={ADMIN_TABS[0].value}>
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
    </div>
  );
}
