import { useSearchParams } from 'react-router';
import { useAuth } from '@/hooks/use-auth.ts';
import { InsightsDialog } from '@/features/rebates/components/insights-dialog.tsx';
import { SmartHomePage } from '@/features/smart-home/components/smart-home-page.tsx';

/**
 * /smart-home (02-tools §2.4). `?section=upgrades` (the assistant's 'See upgrade ideas') opens the
 * Smart Home Energy Insights dialog, whose suggested upgrades come with matching rebates.
 */
export function SmartHomeRoute() {
  const { isAuthenticated } = useAuth();
  const [params, setParams] = useSearchParams();
  const close = () =>
    setParams(
      (p) => {
        p.delete('section');
        return p;
      },
      { replace: true },
    );
  return (
    <>
      <SmartHomePage />
      {isAuthenticated && <InsightsDialog open={params.get('section') === 'upgrades'} onClose={close} />}
    </>
  );
}
