import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceToken, IotState, Reading, StreamRequest } from '@wattwise/shared/contract/smart-home';
import { IOT_KEEP } from '@wattwise/shared/smart-home/iot';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client.ts';

export const iotKeys = { all: ['iot'] as const, state: () => [...iotKeys.all, 'state'] as const };

export function useIotState(enabled: boolean) {
  return useQuery({ queryKey: iotKeys.state(), queryFn: () => apiRequest<IotState>('/api/iot'), enabled });
}

/** The live channel: opening, receiving, or waiting to reconnect after it dropped. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/** Waits before opening the channel again after the server closed it: 1 s, doubling, at most 30 s. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * Adds each reading the server sends over `/api/iot/events` to the page's state (the latest 50
 * kept). The channel comes back by itself: the browser retries a dropped connection, and a
 * channel the server closed (a restart, too many streams) is opened again with a growing pause.
 * Each reconnection reloads the state, so readings sent while away are not missing from the chart.
 */
export function useLiveReadings(enabled: boolean): LiveStatus {
  const client = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let retry: number | undefined;
    let pause = RETRY_FIRST_MS;
    let opened = false;
    let stopped = false;
    const onReading = (event: MessageEvent<string>) => {
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
    };
    const open = () => {
      source = new EventSource('/api/iot/events');
      source.addEventListener('reading', onReading);
      source.addEventListener('open', () => {
        if (opened) void client.invalidateQueries({ queryKey: iotKeys.all });
        opened = true;
        pause = RETRY_FIRST_MS;
        setStatus('live');
      });
      source.addEventListener('error', () => {
        if (stopped || !source) return;
        setStatus('reconnecting');
        // CONNECTING: the browser retries by itself. CLOSED: it gave up; open a new channel later.
        if (source.readyState !== EventSource.CLOSED) return;
        source.close();
        retry = window.setTimeout(open, pause);
        pause = Math.min(RETRY_MAX_MS, pause * 2);
      });
    };
    open();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      source?.close();
    };
  }, [enabled, client]);
  return status;
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
