import { useQuery } from '@tanstack/react-query';
import type { WeatherComparisonDto } from '@wattwise/shared/contract/calculators';
import { apiRequest } from '@/lib/api-client.ts';

export const weatherComparisonKeys = {
  all: ['weather-comparison'] as const,
  bill: (billId: string) => [...weatherComparisonKeys.all, billId] as const,
};

/** How much of the change from the same bill last year is the weather and how much the household. */
export function useWeatherComparison(billId: string) {
  return useQuery({
    queryKey: weatherComparisonKeys.bill(billId),
    queryFn: () => apiRequest<WeatherComparisonDto>(`/api/bills/${billId}/weather-comparison`),
    staleTime: 5 * 60_000,
  });
}
