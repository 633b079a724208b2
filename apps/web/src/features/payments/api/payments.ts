import { useQuery } from '@tanstack/react-query';
import type { BillPaymentRequest, PaymentRecord, PaymentVerification } from '@wattwise/shared/contract/payments';
import { api } from '@/lib/api-client.ts';
import { verifyRecheckDelayMs } from '../lib/verify-recheck.ts';

export const paymentKeys = {
  all: ['payments'] as const,
  list: () => [...paymentKeys.all, 'list'] as const,
  verify: (sessionId: string) => [...paymentKeys.all, 'verify', sessionId] as const,
};

/** create-checkout-session (02-tools §6): the amount in dollars as typed; the server charges cents. */
export const startBillPayment = (input: BillPaymentRequest) => api.post<{ url: string }>('/api/payments/checkout', input);

/** verify-payment: the caller's own checkout session, amount in cents. */
export function useVerifyPayment(sessionId: string | null) {
  return useQuery({
    queryKey: paymentKeys.verify(sessionId ?? ''),
    queryFn: () => api.get<PaymentVerification>(`/api/payments/verify?session_id=${encodeURIComponent(sessionId ?? '')}`),
    enabled: sessionId !== null,
    retry: 1,
    // The provider's webhook can land after the redirect: ask again until the payment is recorded.
    refetchInterval: (query) => verifyRecheckDelayMs(query.state.data, query.state.dataUpdateCount),
  });
}


export function usePayments(enabled: boolean) {
  return useQuery({ queryKey: paymentKeys.list(), queryFn: () => api.get<{ payments: PaymentRecord[] }>('/api/payments'), enabled });
}

/** The server-made PDF receipt of a payment. */
export const receiptUrl = (paymentId: string) => `/api/payments/${encodeURIComponent(paymentId)}/receipt`;
