import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ThemeProvider, useTheme } from '@/lib/theme.tsx';
import { ApiError } from '@/lib/api-client.ts';

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

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  // Toast default duration 5000 ms (01-core §9).
  return <Toaster theme={resolvedTheme} richColors closeButton duration={5000} position="bottom-right" />;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
