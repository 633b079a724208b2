import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoadProfile, Meter, MeterImport, MeterResolution, MeterSeries, TouScheduleInput, TouWhatIf } from '@wattwise/shared/contract/meter-data';
import { apiRequest } from '@/lib/api-client.ts';

export const meterKeys = {
  all: ['meters'] as const,
  list: () => [...meterKeys.all, 'list'] as const,
  series: (id: string, resolution: MeterResolution, from?: string, to?: string) => [...meterKeys.all, id, 'series', resolution, from ?? '', to ?? ''] as const,
  profile: (id: string) => [...meterKeys.all, id, 'profile'] as const,
};

export function useMeters(enabled: boolean) {
  return useQuery({ queryKey: meterKeys.list(), queryFn: async () => (await apiRequest<{ meters: Meter[] }>('/api/meters')).meters, enabled });
}

export function useMeterSeries(id: string | undefined, resolution: MeterResolution, range?: { from: string; to: string }) {
  return useQuery({
    queryKey: meterKeys.series(id ?? '', resolution, range?.from, range?.to),
    queryFn: () => {
      const query = new URLSearchParams({ resolution, ...(range ?? {}) });
      return apiRequest<MeterSeries>(`/api/meters/${id ?? ''}/readings?${query.toString()}`);
    },
    enabled: id !== undefined,
  });
}

export function useLoadProfile(id: string | undefined, enabled: boolean) {
  return useQuery({ queryKey: meterKeys.profile(id ?? ''), queryFn: () => apiRequest<LoadProfile>(`/api/meters/${id ?? ''}/load-profile`), enabled: id !== undefined && enabled, retry: false });
}

export function useTouWhatIf(id: string | undefined) {
  return useMutation({ mutationFn: (schedule: TouScheduleInput) => apiRequest<TouWhatIf>(`/api/meters/${id ?? ''}/tou-what-if`, { method: 'POST', body: schedule }) });
}

/** Uploads a Green Button file (ESPI XML or a utility CSV) into a property. */
export function useImportMeterData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, propertyId }: { file: File; propertyId?: string | undefined }) => {
      const form = new FormData();
      form.set('file', file);
      if (propertyId) form.set('propertyId', propertyId);
      form.set('timeZone', Intl.DateTimeFormat().resolvedOptions().timeZone);
      return apiRequest<MeterImport>('/api/meter-data', { method: 'POST', body: form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: meterKeys.all }),
  });
}
