import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme.tsx';

/** The toasts, in the current theme. Toast default duration 5000 ms (01-core §9). */
export function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return <Toaster theme={resolvedTheme} richColors closeButton duration={5000} position="bottom-right" />;
}
