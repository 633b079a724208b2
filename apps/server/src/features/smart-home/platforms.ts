import type { Platform } from '@wattwise/shared/contract/smart-home';
import { createDirectPlatform } from './direct-platform.ts';
import { createHomeAssistantPlatform, type HomeAssistantConfig } from './home-assistant.ts';
import { type PlatformAdapter, PlatformError } from './platform-types.ts';

export { type KnownDevice, type PlatformAdapter, type PlatformDevice, PlatformError } from './platform-types.ts';

export type PlatformsConfig = { homeAssistant: HomeAssistantConfig | null; fetch?: typeof fetch };

/**
 * `direct` is the device simulator. Google Home, Alexa and HomeKit have no public device API a
 * self-hosted server may call; their devices reach Wattwise through Home Assistant's
 * integrations when HOME_ASSISTANT_URL is set, and connecting them fails plainly otherwise.
 */
export function createPlatforms(config: PlatformsConfig): (platform: Platform) => PlatformAdapter {
  const direct = createDirectPlatform();
  const homeAssistant = config.homeAssistant ? createHomeAssistantPlatform(config.homeAssistant, config.fetch ?? fetch) : null;
  const unavailable: PlatformAdapter = {
    simulated: false,
    connect: () => Promise.reject(new PlatformError('This platform is reached through Home Assistant, which is not configured on this server (HOME_ASSISTANT_URL).')),
    discover: () => Promise.reject(new PlatformError('Home Assistant is not configured on this server.')),
    command: () => Promise.reject(new PlatformError('Home Assistant is not configured on this server.')),
    read: () => Promise.resolve({ reading: 0, status: 'offline' }),
  };
  return (platform) => (platform === 'direct' ? direct : (homeAssistant ?? unavailable));
}
