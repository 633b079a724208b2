import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSession } from '@/lib/auth-client.ts';

export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
};

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session(),
    queryFn: getSession,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    retry: 1,
  });

/**
 * The signed-in user (01-core §3, §4): loading first, then signed out or authenticated.
 * Refreshed when the window regains focus and after every sign-in or sign-out.
 */
export function useAuth() {
  const query = useQuery(sessionQueryOptions());
  const user = query.data?.user ?? null;
  return {
    user,
    session: query.data ?? null,
    isLoading: query.isPending,
    isAuthenticated: user !== null,
    isAdmin: user?.role === 'admin',
    refetch: query.refetch,
  };
}
