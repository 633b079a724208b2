import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutomationRule, ConnectRequest, ControlRequest, ControlResult, Device, Platform, RuleInput } from '@wattwise/shared/contract/smart-home';
import { apiRequest } from '@/lib/api-client.ts';

export const smartHomeKeys = {
  all: ['smart-home'] as const,
  devices: () => [...smartHomeKeys.all, 'devices'] as const,
  rules: () => [...smartHomeKeys.all, 'rules'] as const,
};

/** Devices, read again every 30 s (02-tools §9: devices sync every 30 s). */
export function useDevices(enabled: boolean) {
  return useQuery({
    queryKey: smartHomeKeys.devices(),
    queryFn: async () => (await apiRequest<{ devices: Device[] }>('/api/smart-home/devices')).devices,
    enabled,
    refetchInterval: 30_000,
  });
}

export function useRules(enabled: boolean) {
  return useQuery({
    queryKey: smartHomeKeys.rules(),
    queryFn: async () => (await apiRequest<{ rules: AutomationRule[] }>('/api/smart-home/rules')).rules,
    enabled,
    refetchInterval: 30_000,
  });
}

export function useConnectPlatform() {
  return useMutation({
    mutationFn: (input: ConnectRequest) => apiRequest<{ credential_id: string }>('/api/smart-home/connect', { method: 'POST', body: input }),
  });
}

export function useDiscoverDevices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { platform: Platform; credential_id: string }) =>
      (
        await apiRequest<{ devices: Device[] }>('/api/smart-home/discover', {
          method: 'POST',
          body: { ...input, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        })
      ).devices,
    onSuccess: (devices) => client.setQueryData(smartHomeKeys.devices(), devices),
  });
}

export function useControlDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ControlRequest) => apiRequest<ControlResult>('/api/smart-home/control', { method: 'POST', body: input }),
    onSuccess: (result) => {
      client.setQueryData<Device[]>(smartHomeKeys.devices(), (old) => old?.map((d) => (d.id === result.device_id ? { ...d, last_reading: result.new_value } : d)));
      // 02-tools §9: devices sync 1 s after a control command.
      setTimeout(() => void client.invalidateQueries({ queryKey: smartHomeKeys.devices() }), 1000);
    },
  });
}

export function useSyncDevices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<{ devices: Device[] }>('/api/smart-home/sync', { method: 'POST', body: {} })).devices,
    onSuccess: (devices) => client.setQueryData(smartHomeKeys.devices(), devices),
  });
}

export function useDisconnectDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/api/smart-home/devices/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: smartHomeKeys.all }),
  });
}

export function useSaveRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: Partial<RuleInput> }) =>
      (
        await apiRequest<{ rule: AutomationRule }>(id ? `/api/smart-home/rules/${id}` : '/api/smart-home/rules', {
          method: id ? 'PATCH' : 'POST',
          body: input,
        })
      ).rule,
    onSuccess: () => client.invalidateQueries({ queryKey: smartHomeKeys.rules() }),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/api/smart-home/rules/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: smartHomeKeys.rules() }),
  });
}
