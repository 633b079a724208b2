import { IOT_DEVICE_LABELS, type IotDeviceType, rangeOf, READING_TYPES } from '@wattwise/shared/smart-home/iot';
import mqtt from 'mqtt';
import { z } from 'zod';
import { type DeviceTokenKey, isDeviceToken } from './device-token.ts';
import { type IotDeps, recordReading } from './iot.service.ts';

/**
 * Real readings from an MQTT broker (MQTT_URL). A device (or a bridge such as Home Assistant's
 * MQTT statestream, Tasmota or Shelly through a rule) publishes JSON to
 * `wattwise/<user id>/<device id>`; each message becomes an energy reading of that user,
 * labelled with its source. The subscription is shared (`$share/<group>/…`, MQTT_SHARED_GROUP,
 * by default derived from the install's AUTH_SECRET), so with several worker processes each
 * message is stored once, and a second install on the same broker gets its own copy. A message
 * is stored only with the device's token in its payload (`token`, shown on the IoT page;
 * decision 175), so reaching the broker is not enough to write into someone's dashboard; the
 * broker's access control can narrow topics further (decision 083).
 */
export const MQTT_TOPIC = 'wattwise/+/+';
/** The shared subscription of a group: one member of the group receives each message. */
export const sharedTopic = (group: string) => `$share/${group}/${MQTT_TOPIC}`;

export const mqttReadingSchema = z.object({
  token: z.string().max(200),
  device_type: z.string().trim().min(1).max(50),
  value: z.number().finite(),
  reading_type: z.enum(READING_TYPES).optional(),
  unit: z.string().max(10).optional(),
  name: z.string().max(100).optional(),
  location: z.string().max(100).optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
});

/** The user and device of a topic, or null for a topic outside the scheme. */
export function parseTopic(topic: string): { userId: string; deviceId: string } | null {
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[0] !== 'wattwise' || !parts[1] || !parts[2]) return null;
  return { userId: parts[1], deviceId: parts[2] };
}

export type MqttIngest = { stop(): Promise<void> };

export async function startMqttIngest(deps: IotDeps, url: string, tokenKey: DeviceTokenKey, group = 'wattwise'): Promise<MqttIngest> {
  const client = await mqtt.connectAsync(url, { clientId: `wattwise-${process.pid}-${Math.random().toString(36).slice(2, 8)}`, reconnectPeriod: 5000 });
  client.on('error', (error) => deps.logger.warn({ err: error }, 'MQTT connection error'));
  client.on('message', (topic, payload) => {
    const target = parseTopic(topic);
    if (!target) return;
    let body: z.infer<typeof mqttReadingSchema>;
    try {
      body = mqttReadingSchema.parse(JSON.parse(payload.toString('utf8')));
    } catch (error) {
      deps.logger.warn({ err: error, topic }, 'MQTT reading ignored: not a reading');
      return;
    }
    if (!isDeviceToken(tokenKey, target.userId, target.deviceId, body.token)) {
      deps.logger.warn({ topic }, "MQTT reading ignored: not this device's token");
      return;
    }
    const range = rangeOf(body.device_type);
    recordReading(deps, {
      userId: target.userId,
      deviceId: target.deviceId,
      deviceType: body.device_type,
      timestamp: body.timestamp ? new Date(body.timestamp) : deps.clock.now(),
      readingType: body.reading_type ?? range.readingType,
      value: body.value,
      unit: body.unit ?? range.unit,
      metadata: {
        name: body.name ?? (IOT_DEVICE_LABELS as Record<string, string | undefined>)[body.device_type as IotDeviceType] ?? body.device_type,
        location: body.location ?? '',
        simulated: false,
        source: 'mqtt',
      },
    }).catch((error: unknown) => deps.logger.warn({ err: error, topic }, 'MQTT reading not stored (unknown user?)'));
  });
  await client.subscribeAsync(sharedTopic(group), { qos: 1 });
  return {
    stop: async () => {
      await client.endAsync();
    },
  };
}
