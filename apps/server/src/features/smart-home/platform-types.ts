import type { DeviceCommand, DeviceType } from '@wattwise/shared/smart-home/simulation';

/** A device as a platform reports it. */
export type PlatformDevice = {
  externalId: string;
  name: string;
  type: DeviceType;
  reading: number;
  unit: string;
  location: string;
  status: 'connected' | 'offline';
  metadata: Record<string, unknown>;
};

/** A stored device, as the adapters need it. */
export type KnownDevice = { externalId: string; type: DeviceType; reading: number; metadata: Record<string, unknown> };

/** A platform refused or could not be reached; `message` is said to the user after the spec's message. */
export class PlatformError extends Error {}

/**
 * What a smart-home platform does for us (decision 080): check credentials, list devices, run
 * commands, read state. `simulated` platforms are labelled so on every screen.
 */
export interface PlatformAdapter {
  readonly simulated: boolean;
  connect(credentials: Record<string, string>): Promise<void>;
  discover(input: { credentials: Record<string, string>; now: Date; timeZone: string }): Promise<PlatformDevice[]>;
  /** Runs the command and returns the device's reading after it. */
  command(input: { device: KnownDevice; command: DeviceCommand; value: number | null; credentials: Record<string, string> }): Promise<number>;
  /** The device's present reading and status. */
  read(input: { device: KnownDevice; credentials: Record<string, string>; now: Date }): Promise<{ reading: number; status: 'connected' | 'offline' }>;
}
