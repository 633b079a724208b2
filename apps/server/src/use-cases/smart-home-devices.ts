import type { Device, Platform } from '@wattwise/shared/contract/smart-home';
import { recordDeviceConnected } from '../features/gamification/gamification.service.ts';
import { discoverDevices, type SmartHomeDeps } from '../features/smart-home/smart-home.service.ts';
import type { RequestUser } from '../http/types.ts';

/**
 * Connecting devices (smart home) with what it earns (gamification, decision 087): each device
 * found counts once for the Connect Device action (+25) and the Smart Starter badge, however
 * often it is discovered again or removed and found again (its reference is platform + the
 * platform's own id).
 */
export function discoverAndRewardDevices(deps: SmartHomeDeps, user: RequestUser, input: { platform: Platform; credential_id: string; timeZone?: string | undefined }): Promise<Device[]> {
  return discoverDevices(deps, user, input, async (db, userId, refs) => {
    for (const ref of refs) await recordDeviceConnected(db, userId, ref);
  });
}
