import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '@/features/notifications/components/unsubscribe-panel.tsx';

/** /unsubscribe?token=…: the signed link of a notification email. */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="text-3xl font-semibold">Email preferences</h1>
      <UnsubscribePanel token={params.get('token')} />
    </section>
  );
}
