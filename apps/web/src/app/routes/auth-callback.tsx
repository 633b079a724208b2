import { AuthCallback } from '@/features/auth/components/auth-callback.tsx';

export function AuthCallbackRoute() {
  return <AuthCallback />;
}
