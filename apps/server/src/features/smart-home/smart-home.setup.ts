import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { createCredentialsBox, credentialsKey } from './credentials-box.ts';
import type { HomeAssistantConfig } from './home-assistant.ts';
import { createPlatforms } from './platforms.ts';
import type { SmartHomeDeps } from './smart-home.service.ts';

export type SmartHomeConfig = { credentialsKey: string | undefined; homeAssistant: HomeAssistantConfig | null };

/** The smart-home feature's parts from the configuration (the HTTP app and the job worker share them). */
export function createSmartHomeDeps(input: { db: Db; logger: Logger; clock: Clock; config: SmartHomeConfig; authSecret: string; fetch?: typeof fetch }): SmartHomeDeps {
  return {
    db: input.db,
    logger: input.logger,
    clock: input.clock,
    box: createCredentialsBox(credentialsKey(input.config.credentialsKey, input.authSecret)),
    platforms: createPlatforms({ homeAssistant: input.config.homeAssistant, ...(input.fetch ? { fetch: input.fetch } : {}) }),
  };
}
