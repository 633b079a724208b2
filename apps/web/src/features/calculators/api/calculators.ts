import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { MyBillsInputs, RegionalSavings, SavingsRequest, SavingsResponse, StateRatesList } from '@wattwise/shared/contract/calculators';
import { apiRequest } from '@/lib/api-client.ts';

export const calculatorKeys = {
  all: ['calculators'] as const,
  myBills: () => [...calculatorKeys.all, 'my-bills'] as const,
  stateRates: () => [...calculatorKeys.all, 'state-rates'] as const,
};

export function useSavingsCalculation() {
  return useMutation({
    mutationFn: (input: SavingsRequest) => apiRequest<SavingsResponse>('/api/calculators/savings', { method: 'POST', body: input }),
  });
}

export function useMyBillInputs(enabled: boolean) {
  return useQuery({ queryKey: calculatorKeys.myBills(), queryFn: () => apiRequest<MyBillsInputs>('/api/calculators/my-bills'), enabled });
}

export const stateRatesQueryOptions = () =>
  queryOptions({ queryKey: calculatorKeys.stateRates(), queryFn: () => apiRequest<StateRatesList>('/api/calculators/state-rates'), staleTime: Infinity });

export function useStateRates() {
  return useQuery(stateRatesQueryOptions());
}

export function useRegionalSavings() {
  return useQuery({ queryKey: [...calculatorKeys.all, 'regional'] as const, queryFn: () => apiRequest<RegionalSavings>('/api/regional-savings'), staleTime: 5 * 60_000 });
}
