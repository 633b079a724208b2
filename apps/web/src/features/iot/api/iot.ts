import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceToken, IotState, Reading, StreamRequest } from '@wattwise/shared/contract/smart-home';
import { IOT_KEEP } from '@wattwise/shared/smart-home/iot';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client.ts';

export const iotKeys = { all: ['iot'] as const, state: () => [...iotKeys.all, 'state'] as const };

export function useIotState(enabled: boolean) {
  return useQuery({ queryKey: iotKeys.state(), queryFn: () => apiRequest<IotState>('/api/iot'), enabled });
}

/** Adds each reading the server sends over `/api/iot/events` to the page's state (the latest 50 kept). */
export function useLiveReadings(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource('/api/iot/events');
    source.addEventListener('reading', (event: MessageEvent<string>) => {
      let reading: Reading;
      try {
        reading = JSON.parse(event.data) as Reading;
      } catch {
        return;
      }
      client.setQueryData<IotState>(iotKeys.state(), (old) => {
        if (!old) return old;
        const readings = [reading, ...old.readings.filter((r) => r.id !== reading.id)].slice(0, IOT_KEEP);
        const device = {
          device_id: reading.device_id,
          device_type: reading.device_type,
          name: reading.metadata.name ?? reading.device_type,
          location: reading.metadata.location ?? '',
          last_reading: reading.value,
          unit: reading.unit,
          timestamp: reading.timestamp,
          simulated: reading.metadata.simulated === true,
        };
        const devices = [device, ...old.devices.filter((d) => d.device_id !== reading.device_id)].sort((a, b) => a.device_id.localeCompare(b.device_id));
        return { ...old, readings, devices };
      });
    });
    return () => source.close();
  }, [enabled, client]);
}

export function useStartStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StreamRequest) => apiRequest('/api/iot/streams', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: iotKeys.all }),
  });
}

export function useStopStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) => apiRequest<null>(`/api/iot/streams/${encodeURIComponent(deviceId)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: iotKeys.all }),
  });
}

/** A real device's MQTT topic and token, fetched when the user asks for them (never cached). */
export function useDeviceToken() {
  return useMutation({
    mutationFn: (deviceId: string) => apiRequest<DeviceToken>(`/api/iot/device-token?deviceId=${encodeURIComponent(deviceId)}`),
  });
}
