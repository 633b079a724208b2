import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillSummary, BillType } from '@wattwise/shared/contract/bills';
import type { PropertyType } from '@wattwise/shared/contract/common';
import { apiRequest } from '@/lib/api-client.ts';
import { billKeys } from '@/lib/query-keys.ts';

export interface UploadBillInput {
  file: File;
  propertyType: PropertyType;
  billType: BillType;
  propertyId?: string;
}

/** POST /api/bills: the multipart form of the contract's `uploadBillFormSchema`. */
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
