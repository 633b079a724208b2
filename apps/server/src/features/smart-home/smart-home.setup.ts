import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { createGuardedHttp } from '../../platform/guarded-http.ts';
import { createCredentialsBox, credentialsKey } from './credentials-box.ts';
import type { HomeAssistantConfig } from './home-assistant.ts';
import { createPlatforms } from './platforms.ts';
import type { SmartHomeDeps } from './smart-home.service.ts';

export type SmartHomeConfig = { credentialsKey: string | undefined; homeAssistant: HomeAssistantConfig | null; allowPrivate: boolean };

/** The smart-home feature's parts from the configuration (the HTTP app and the job worker share them). */
export function createSmartHomeDeps(input: { db: Db; logger: Logger; clock: Clock; config: SmartHomeConfig; authSecret: string; fetch?: typeof fetch }): SmartHomeDeps {
  return {
    db: input.db,
    logger: input.logger,
    clock: input.clock,
    box: createCredentialsBox(credentialsKey(input.config.credentialsKey, input.authSecret)),
    serverHomeAssistant: input.config.homeAssistant !== null,
    platforms: createPlatforms({
      serverHomeAssistant: input.config.homeAssistant,
      guarded: createGuardedHttp({ allowPrivate: input.config.allowPrivate }),
      ...(input.fetch ? { fetch: input.fetch } : {}),
    }),
  };
}
