import type { Platform } from '@wattwise/shared/contract/smart-home';
import { BlockedAddressError, type GuardedHttp } from '../../platform/guarded-http.ts';
import { createDirectPlatform } from './direct-platform.ts';
import { createHomeAssistantPlatform, fetchHttp, type HomeAssistantConfig, type HomeAssistantHttp } from './home-assistant.ts';
import { type PlatformAdapter, PlatformError } from './platform-types.ts';

export { type KnownDevice, type PlatformAdapter, type PlatformDevice, PlatformError } from './platform-types.ts';

export type PlatformsConfig = {
  /** The operator's Home Assistant (HOME_ASSISTANT_URL): only an admin attaches it, to their own account. */
  serverHomeAssistant: HomeAssistantConfig | null;
  /** The guarded client every user-supplied Home Assistant URL goes through. */
  guarded: GuardedHttp;
  fetch?: typeof fetch;
};

/** The stored credential of an admin who attached the operator's Home Assistant (no URL or token in it). */
export const SERVER_HOME_ASSISTANT = { source: 'server_home_assistant' } as const;

/** The Home Assistant a stored credential names: the user's own (URL + token) or the operator's. */
function homeAssistantOf(credentials: Record<string, string>, config: PlatformsConfig): { config: HomeAssistantConfig; http: HomeAssistantHttp } {
  if (credentials.source === SERVER_HOME_ASSISTANT.source) {
    if (!config.serverHomeAssistant) throw new PlatformError('This server has no Home Assistant of its own (HOME_ASSISTANT_URL).');
    return { config: config.serverHomeAssistant, http: fetchHttp(config.fetch ?? fetch) };
  }
  const url = credentials.home_assistant_url;
  const token = credentials.api_key;
  if (!url || !token) throw new PlatformError('Connect your own Home Assistant: its URL and a long-lived access token.');
  const guarded: HomeAssistantHttp = async (target, init) => {
    try {
      return await config.guarded.request(target, init);
    } catch (error) {
      if (error instanceof BlockedAddressError) throw new PlatformError(`This Home Assistant address is not allowed: ${error.message}`);
      throw error;
    }
  };
  return { config: { url, token }, http: guarded };
}

/**
 * `direct` is the device simulator. Google Home, Alexa and HomeKit have no public device API a
 * self-hosted server may call; their devices reach Wattwise through the user's own Home
 * Assistant (its Google, Alexa and HomeKit integrations), named by URL and token in the
 * user's credential and reached through the guarded client (platform/guarded-http.ts).
 */
export function createPlatforms(config: PlatformsConfig): (platform: Platform) => PlatformAdapter {
  const direct = createDirectPlatform();
  const adapterFor = (credentials: Record<string, string>) => {
    const ha = homeAssistantOf(credentials, config);
    return createHomeAssistantPlatform(ha.config, ha.http);
  };
  const homeAssistant: PlatformAdapter = {
    simulated: false,
    connect: async (credentials) => adapterFor(credentials).connect(credentials),
    discover: async (input) => adapterFor(input.credentials).discover(input),
    command: async (input) => adapterFor(input.credentials).command(input),
    read: async (input) => adapterFor(input.credentials).read(input),
  };
  return (platform) => (platform === 'direct' ? direct : homeAssistant);
}
