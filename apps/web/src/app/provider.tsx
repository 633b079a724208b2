import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider } from '@/lib/theme.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { SubscriptionProvider } from '@/features/subscription/components/subscription-provider.tsx';

/** Query defaults from 01-core §9: retry 3, data fresh for 5 minutes. Client errors are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 3;
        },
      },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {/* The toaster lives in the root layout (layout/deferred-toaster.tsx), loaded when a page needs it. */}
        <SubscriptionProvider>{children}</SubscriptionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
