import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readBillFile } from '@/features/bills/api/read-bill.ts';
import { SaveReadBill } from '@/features/bills/components/save-read-bill.tsx';
import { DirectBillPaymentCard } from '@/features/payments/components/direct-bill-payment-card.tsx';
import { paymentFormFromBill } from '@/features/payments/lib/form-from-bill.ts';
import { PaymentCanceledPage, PaymentDashboardPage, PaymentSuccessPage } from '@/features/payments/components/payment-pages.tsx';
import { GuaranteeCard } from '@/features/subscription/components/guarantee-card.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { PageSpinner } from './page-spinner.tsx';

/** A signed-out visitor is sent home with replace (02-tools §2.21, §7). */
function useSessionOrHome(): boolean {
  const { isAuthenticated, isLoading } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isLoading && !isAuthenticated) void navigate('/', { replace: true });
  }, [isLoading, isAuthenticated, navigate]);
  return !isLoading && isAuthenticated;
}

/** /payment: the Direct Bill Payment card. */
export function PaymentRoute() {
  const ready = useSessionOrHome();
  if (!ready) return <PageSpinner />;
  return (
    <div className="mx-auto grid w-full max-w-[1200px] gap-6 px-4 py-8 sm:px-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Pay Your Utility Bill</h1>
        <p className="text-muted-foreground">Pay a bill by card in one step; the receipt stays in your payment history.</p>
      </div>
      <DirectBillPaymentCard readBill={async (file) => paymentFormFromBill(await readBillFile(file))} afterRead={(file) => <SaveReadBill file={file} />} />
    </div>
  );
}

export function PaymentSuccessRoute() {
  const [params] = useSearchParams();
  const ready = useSessionOrHome();
  if (!ready) return <PageSpinner />;
  return <PaymentSuccessPage sessionId={params.get('session_id')} />;
}

export function PaymentCanceledRoute() {
  return <PaymentCanceledPage />;
}

export function PaymentDashboardRoute() {
  const ready = useSessionOrHome();
  if (!ready) return <PageSpinner />;
  return (
    <>
      <PaymentDashboardPage enabled={ready} />
      <div className="mx-auto w-full max-w-[1200px] px-4 pb-8 sm:px-6">
        <GuaranteeCard />
      </div>
    </>
  );
}
