import { hourIn } from '@wattwise/shared/smart-home/rules';
import { applyCommand, DEVICE_UNITS, type DeviceType, initialReading, simulatedReading } from '@wattwise/shared/smart-home/simulation';
import type { PlatformAdapter, PlatformDevice } from './platform-types.ts';

/** The simulated household the `direct` platform discovers (02-tools §3 device types). */
const SIMULATED_HOME: readonly { externalId: string; name: string; type: DeviceType; location: string }[] = [
  { externalId: 'sim-thermostat', name: 'Living Room Thermostat', type: 'thermostat', location: 'Living Room' },
  { externalId: 'sim-kitchen-lights', name: 'Kitchen Lights', type: 'light', location: 'Kitchen' },
  { externalId: 'sim-bedroom-lamp', name: 'Bedroom Lamp', type: 'light', location: 'Bedroom' },
  { externalId: 'sim-energy-monitor', name: 'Whole Home Energy Monitor', type: 'energy_monitor', location: 'Utility Room' },
  { externalId: 'sim-washer', name: 'Washing Machine', type: 'appliance', location: 'Laundry' },
  { externalId: 'sim-office-plug', name: 'Office Smart Plug', type: 'power_outlet', location: 'Office' },
];

/** One slot per 10 seconds: readings update every 10 s (02-tools §9). */
const SLOT_MS = 10_000;

/**
 * The device simulator: any non-empty api_key connects; discovery returns the household above;
 * commands follow 02-tools §4 and their result persists in the device row; powered devices
 * report readings in their ranges scaled by the hour-of-day multipliers in the household's
 * time zone. Every device it makes carries `simulated: true`.
 */
export function createDirectPlatform(): PlatformAdapter {
  return {
    simulated: true,
    connect: () => Promise.resolve(),
    discover: ({ now, timeZone }) =>
      Promise.resolve(
        SIMULATED_HOME.map(
          (d): PlatformDevice => ({
            ...d,
            reading: initialReading(d.type, d.externalId, hourIn(now, timeZone)),
            unit: DEVICE_UNITS[d.type],
            status: 'connected',
            metadata: { simulated: true, timeZone },
          }),
        ),
      ),
    command: ({ device, command, value }) => Promise.resolve(applyCommand(device.type, device.reading, command, value)),
    read: ({ device, now }) => {
      const timeZone = typeof device.metadata.timeZone === 'string' ? device.metadata.timeZone : 'UTC';
      const reading = simulatedReading({
        type: device.type,
        current: device.reading,
        deviceId: device.externalId,
        hourOfDay: hourIn(now, timeZone),
        slot: Math.floor(now.getTime() / SLOT_MS),
      });
      return Promise.resolve({ reading, status: 'connected' });
    },
  };
}
