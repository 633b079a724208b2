import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client.ts';
import type { BillSummary, BillType, PropertyType } from '../types.ts';

/**
 * Root of the bills cache keys. The dashboard feature owns the full factory (`billKeys`);
 * the upload screen only needs to mark every bills query stale after a change.
 */
export const BILLS_ROOT_KEY = ['bills'] as const;

export interface UploadBillInput {
  file: File;
  propertyType: PropertyType;
  billType: BillType;
  propertyId?: string;
}

export async function uploadBill(input: UploadBillInput): Promise<BillSummary> {
  const form = new FormData();
  form.append('bill', input.file, input.file.name);
  form.append('propertyType', input.propertyType);
  form.append('billType', input.billType);
  if (input.propertyId) form.append('propertyId', input.propertyId);
  return (await apiRequest<{ bill: BillSummary }>('/api/bills', { method: 'POST', body: form })).bill;
}

export function useUploadBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLS_ROOT_KEY }),
  });
}

export function useRetryBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (billId: string) =>
      (await api.post<{ bill: BillSummary }>(`/api/bills/${encodeURIComponent(billId)}/retry`)).bill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLS_ROOT_KEY }),
  });
}

export type DuplicateAction = 'replace' | 'keep_both';

export function useResolveDuplicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ billId, action }: { billId: string; action: DuplicateAction }) =>
      (await api.post<{ bill: BillSummary }>(`/api/bills/${encodeURIComponent(billId)}/duplicate`, { action })).bill,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLS_ROOT_KEY }),
  });
}
