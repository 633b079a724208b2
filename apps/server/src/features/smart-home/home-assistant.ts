import { z } from 'zod';
import type { DeviceCommand, DeviceType } from '@wattwise/shared/smart-home/simulation';
import { THERMOSTAT_BOUNDS, LIGHT_BOUNDS, CommandError } from '@wattwise/shared/smart-home/simulation';
import { type PlatformAdapter, type PlatformDevice, PlatformError } from './platform-types.ts';

/**
 * Home Assistant's REST API (https://developers.home-assistant.io/docs/api/rest/): entities
 * (`GET /api/states`) are devices, services (`POST /api/services/<domain>/<service>`) are
 * commands, a long-lived access token authorises both. Climate entities are thermostats
 * (reading: target temperature), lights report brightness in %, switches are outlets
 * (`current_power_w` when the integration reports it), power sensors are energy monitors.
 */
export type HomeAssistantConfig = { url: string; token: string };

const stateSchema = z.object({
  entity_id: z.string(),
  state: z.string(),
  attributes: z.record(z.string(), z.unknown()).default({}),
  last_updated: z.string().optional(),
});
type HaState = z.infer<typeof stateSchema>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/** Our device of an entity, or null for entities that are not devices we control or read. */
export function deviceOfEntity(s: HaState): PlatformDevice | null {
  const domain = s.entity_id.split('.')[0] ?? '';
  const name = typeof s.attributes.friendly_name === 'string' ? s.attributes.friendly_name : s.entity_id;
  const status = s.state === 'unavailable' ? 'offline' : 'connected';
  const base = { externalId: s.entity_id, name, location: typeof s.attributes.area === 'string' ? s.attributes.area : '', status, metadata: { entityId: s.entity_id } } as const;
  const on = s.state !== 'off' && s.state !== 'unavailable';
  switch (domain) {
    case 'climate':
      return { ...base, type: 'thermostat', unit: '°F', reading: on ? (num(s.attributes.temperature) ?? 0) : 0 };
    case 'light': {
      const brightness = num(s.attributes.brightness);
      return { ...base, type: 'light', unit: '%', reading: on ? (brightness === null ? 100 : Math.round((brightness / 255) * 100)) : 0 };
    }
    case 'switch':
      return { ...base, type: 'power_outlet', unit: 'W', reading: on ? (num(s.attributes.current_power_w) ?? 1) : 0 };
    case 'sensor': {
      if (s.attributes.device_class !== 'power') return null;
      const value = num(s.state) ?? 0;
      const unit = s.attributes.unit_of_measurement;
      return { ...base, type: 'energy_monitor', unit: 'kW', reading: unit === 'W' ? value / 1000 : value };
    }
    default:
      return null;
  }
}

/** The service call of a command on an entity (02-tools §4 semantics, in Home Assistant's terms). */
export function serviceOfCommand(entityId: string, type: DeviceType, command: DeviceCommand, value: number | null): { service: string; data: Record<string, unknown> } {
  const domain = entityId.split('.')[0] ?? '';
  switch (command) {
    case 'turnOn':
      return type === 'light' ? { service: 'light/turn_on', data: { entity_id: entityId, brightness_pct: 100 } } : { service: `${domain}/turn_on`, data: { entity_id: entityId } };
    case 'turnOff':
      return { service: `${domain}/turn_off`, data: { entity_id: entityId } };
    case 'toggle':
      return { service: `${domain}/toggle`, data: { entity_id: entityId } };
    case 'setTemperature':
      if (type !== 'thermostat' || value === null || value < THERMOSTAT_BOUNDS.min || value > THERMOSTAT_BOUNDS.max) throw new CommandError('setTemperature needs a thermostat and a value from 60 to 85');
      return { service: 'climate/set_temperature', data: { entity_id: entityId, temperature: value } };
    case 'setBrightness':
      if (type !== 'light' || value === null || value < LIGHT_BOUNDS.min || value > LIGHT_BOUNDS.max) throw new CommandError('setBrightness needs a light and a value from 0 to 100');
      return { service: 'light/turn_on', data: { entity_id: entityId, brightness_pct: value } };
  }
}

/** How the adapter reaches Home Assistant: the guarded client for a user's URL, plain fetch for the operator's. */
export type HomeAssistantHttp = (url: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }) => Promise<{ status: number; json(): unknown }>;

/** The operator's own Home Assistant (HOME_ASSISTANT_URL) is reached with plain fetch: the operator chose it. */
export function fetchHttp(fetchImpl: typeof fetch): HomeAssistantHttp {
  return async (url, init) => {
    const res = await fetchImpl(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    return { status: res.status, json: () => JSON.parse(text) as unknown };
  };
}

export function createHomeAssistantPlatform(config: HomeAssistantConfig, httpClient: HomeAssistantHttp): PlatformAdapter {
  const base = config.url.replace(/\/+$/, '');
  const call = async (path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<unknown> => {
    let res: Awaited<ReturnType<HomeAssistantHttp>>;
    try {
      res = await httpClient(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    } catch (error) {
      throw new PlatformError(`Home Assistant did not answer (${error instanceof Error ? error.message : 'network error'}).`);
    }
    if (res.status === 401) throw new PlatformError('Home Assistant refused the access token.');
    if (res.status === 404) throw new PlatformError('Home Assistant does not know this entity.');
    if (res.status < 200 || res.status >= 300) throw new PlatformError(`Home Assistant answered ${res.status}.`);
    try {
      return res.json();
    } catch {
      throw new PlatformError('Home Assistant answered something that is not JSON.');
    }
  };
  const readEntity = async (entityId: string) => stateSchema.parse(await call(`/api/states/${encodeURIComponent(entityId)}`));
  return {
    simulated: false,
    connect: async () => {
      await call('/api/');
    },
    discover: async () => {
      const states = z.array(stateSchema).parse(await call('/api/states'));
      return states.map(deviceOfEntity).filter((d): d is PlatformDevice => d !== null);
    },
    command: async ({ device, command, value }) => {
      const { service, data } = serviceOfCommand(device.externalId, device.type, command, value);
      await call(`/api/services/${service}`, { method: 'POST', body: data });
      return deviceOfEntity(await readEntity(device.externalId))?.reading ?? 0;
    },
    read: async ({ device }) => {
      const found = deviceOfEntity(await readEntity(device.externalId));
      return { reading: found?.reading ?? 0, status: found?.status ?? 'offline' };
    },
  };
}
