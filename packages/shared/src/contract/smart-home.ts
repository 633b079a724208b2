import { z } from 'zod';
import { IOT_DEVICE_TYPES } from '../smart-home/iot.ts';
import { SENSOR_CONDITIONS, TIME_OF_DAY } from '../smart-home/rules.ts';
import { DEVICE_COMMANDS, DEVICE_TYPES } from '../smart-home/simulation.ts';

/**
 * The smart-home and IoT API contract (02-tools §2.4, §2.23, §3 'Smart home', 'IoT and
 * telemetry', §4, §5, §7). Credentials go in, never come out: no response schema has a field
 * for them.
 */

export const PLATFORMS = ['google_home', 'amazon_alexa', 'apple_homekit', 'direct'] as const;
export const platformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof platformSchema>;

export const PLATFORM_LABELS: Record<Platform, string> = {
  google_home: 'Google Home',
  amazon_alexa: 'Amazon Alexa',
  apple_homekit: 'Apple HomeKit',
  direct: 'Direct (device simulator)',
};

export type CredentialField = 'home_assistant_url' | 'api_key';

/**
 * Google Home, Alexa and HomeKit are reached through the user's own Home Assistant, the one
 * that bridges them: its URL and a long-lived access token (`api_key`). The simulator takes any
 * api_key. An admin may instead attach the server's own Home Assistant (`server_home_assistant`).
 */
export const CREDENTIAL_FIELDS: Record<Platform, readonly CredentialField[]> = {
  google_home: ['home_assistant_url', 'api_key'],
  amazon_alexa: ['home_assistant_url', 'api_key'],
  apple_homekit: ['home_assistant_url', 'api_key'],
  direct: ['api_key'],
};

export const CREDENTIAL_FIELD_LABELS: Record<Platform, Record<CredentialField, string>> = {
  google_home: { home_assistant_url: 'Home Assistant URL', api_key: 'Long-lived access token' },
  amazon_alexa: { home_assistant_url: 'Home Assistant URL', api_key: 'Long-lived access token' },
  apple_homekit: { home_assistant_url: 'Home Assistant URL', api_key: 'Long-lived access token' },
  direct: { home_assistant_url: 'Home Assistant URL', api_key: 'API Key' },
};

/** Every message the smart-home screens show (02-tools §8), word for word. */
export const SMART_HOME_MESSAGES = {
  signInRequired: 'User not authenticated',
  deviceIdInvalid: 'Use 1–64 letters, digits, hyphens or underscores for the device id',
  authenticationRequired: 'Authentication Required',
  authenticationRequiredDetail: 'Please sign in to access your smart home energy monitoring dashboard.',
  connected: (platform: string) => `Connected to ${platform}`,
  discovered: (n: number, platform: string) => `Discovered ${n} devices from ${platform}`,
  connectFailed: 'Failed to connect to platform',
  discoverFailed: 'Failed to discover devices',
  connectDevicesFailed: 'Failed to connect devices',
  unknownError: 'Unknown error',
  loadFailed: 'Failed to load connected devices',
  deviceDisconnected: 'Device disconnected',
  disconnectFailed: 'Failed to disconnect device',
  settingsUpdated: 'Device settings updated',
  settingsFailed: 'Failed to update device settings',
  commandExecuted: (device: string) => `Command executed on ${device}`,
  commandFailed: 'Failed to execute command',
  deviceNotFound: 'Device not found',
  devicesRefreshed: 'Devices refreshed',
  controlFailed: 'Failed to control device',
  ruleCreated: 'Automation rule created',
  ruleDeleted: 'Automation rule deleted',
  ruleUpdated: 'Automation rule updated',
  ruleNotFound: 'Automation rule not found',
  credentialNotFound: 'Credential not found',
  streamStarted: 'Started streaming energy data',
  streamStopped: 'Stopped streaming energy data',
  streamFieldsRequired: 'Please fill in device ID and type',
} as const;

const secret = z.string().trim().max(500);
export const connectRequestSchema = z
  .object({
    platform: platformSchema,
    credentials: z.object({ home_assistant_url: z.string().trim().max(500).optional(), api_key: secret.optional() }).default({}),
    /** Admins only: attach the server's own Home Assistant (HOME_ASSISTANT_URL) to their account instead. */
    server_home_assistant: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.server_home_assistant) {
      if (value.platform === 'direct') ctx.addIssue({ code: 'custom', path: ['server_home_assistant'], message: 'The simulator has no Home Assistant' });
      return;
    }
    const url = value.credentials.home_assistant_url;
    if (url && !/^https?:\/\//i.test(url)) ctx.addIssue({ code: 'custom', path: ['credentials', 'home_assistant_url'], message: 'home_assistant_url must start with http:// or https://' });
    for (const field of CREDENTIAL_FIELDS[value.platform]) {
      if (!value.credentials[field]) ctx.addIssue({ code: 'custom', path: ['credentials', field], message: `${field} is required` });
    }
  });
export type ConnectRequest = z.infer<typeof connectRequestSchema>;

export const credentialSchema = z.object({
  id: z.uuid(),
  platform: platformSchema,
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type Credential = z.infer<typeof credentialSchema>;

export const deviceStatusSchema = z.enum(['connected', 'disconnected', 'offline']);
export const deviceSettingsSchema = z.object({
  autoMode: z.boolean().optional(),
  temperature: z.number().optional(),
  brightness: z.number().optional(),
  schedule: z.string().max(200).optional(),
  realTimeUpdates: z.boolean().optional(),
  alerts: z.boolean().optional(),
  notifications: z.boolean().optional(),
});

export const deviceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(DEVICE_TYPES),
  platform: platformSchema,
  status: deviceStatusSchema,
  last_reading: z.number(),
  unit: z.string(),
  last_updated: z.string(),
  location: z.string(),
  settings: deviceSettingsSchema,
  /** True for devices of the `direct` platform: a simulator, labelled so on every screen. */
  simulated: z.boolean(),
  created_at: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

export const discoverRequestSchema = z.object({ platform: platformSchema, credential_id: z.uuid(), timeZone: z.string().min(1).max(64).optional() });
export const controlRequestSchema = z.object({
  device_id: z.uuid(),
  command: z.enum(DEVICE_COMMANDS),
  value: z.number().finite().nullable().optional(),
});
export type ControlRequest = z.infer<typeof controlRequestSchema>;
export const controlResultSchema = z.object({
  device_id: z.uuid(),
  command: z.enum(DEVICE_COMMANDS),
  previous_value: z.number(),
  new_value: z.number(),
  message: z.string(),
});
export type ControlResult = z.infer<typeof controlResultSchema>;
export const syncRequestSchema = z.object({ device_ids: z.array(z.uuid()).max(200).optional() });
export const updateSettingsSchema = deviceSettingsSchema;

export const connectResultSchema = z.object({ credential_id: z.uuid() });
export const deviceListSchema = z.object({ devices: z.array(deviceSchema) });
export type DeviceList = z.infer<typeof deviceListSchema>;
export const credentialListSchema = z.object({ credentials: z.array(credentialSchema) });

export const triggerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('time'), value: z.string().regex(TIME_OF_DAY, 'Use HH:MM') }),
  z.object({ type: z.literal('sensor'), value: z.number().finite(), condition: z.enum(SENSOR_CONDITIONS), deviceId: z.uuid().optional() }),
]);
export const ruleActionSchema = z.object({ deviceId: z.uuid(), command: z.enum(DEVICE_COMMANDS), value: z.number().finite().nullable().optional() });
export const ruleInputSchema = z.object({
  name: z.string().trim().min(1).max(120),
  enabled: z.boolean().default(true),
  trigger: triggerSchema,
  action: ruleActionSchema,
  /** IANA time zone a time trigger is read in (the browser's). */
  timeZone: z.string().min(1).max(64).default('UTC'),
});
export type RuleInput = z.input<typeof ruleInputSchema>;
export const ruleUpdateSchema = ruleInputSchema.partial();
export const ruleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  enabled: z.boolean(),
  trigger: triggerSchema,
  action: ruleActionSchema,
  timeZone: z.string(),
  lastRunAt: z.string().nullable(),
  lastResult: z.string().nullable(),
  lastOk: z.boolean().nullable(),
  createdAt: z.string(),
});
export type AutomationRule = z.infer<typeof ruleSchema>;
export const ruleListSchema = z.object({ rules: z.array(ruleSchema) });

export const iotDeviceTypeSchema = z.enum(IOT_DEVICE_TYPES);
export const streamRequestSchema = z.object({
  device_id: z.string().trim().min(1, SMART_HOME_MESSAGES.streamFieldsRequired).max(100),
  device_type: z.string().trim().min(1, SMART_HOME_MESSAGES.streamFieldsRequired).max(50),
  name: z.string().trim().max(100).optional(),
  location: z.string().trim().max(100).optional(),
});
export type StreamRequest = z.infer<typeof streamRequestSchema>;
export const streamSchema = z.object({
  device_id: z.string(),
  device_type: z.string(),
  name: z.string(),
  location: z.string(),
  started_at: z.string(),
});
export type Stream = z.infer<typeof streamSchema>;
export const readingSchema = z.object({
  id: z.uuid(),
  device_id: z.string(),
  device_type: z.string(),
  timestamp: z.string(),
  reading_type: z.string(),
  value: z.number(),
  unit: z.string(),
  metadata: z.object({ name: z.string().optional(), location: z.string().optional(), simulated: z.boolean().optional(), source: z.string().optional() }),
});
export type Reading = z.infer<typeof readingSchema>;
export const iotStateSchema = z.object({
  streams: z.array(streamSchema),
  readings: z.array(readingSchema),
  devices: z.array(z.object({ device_id: z.string(), device_type: z.string(), name: z.string(), location: z.string(), last_reading: z.number(), unit: z.string(), timestamp: z.string(), simulated: z.boolean() })),
});
export type IotState = z.infer<typeof iotStateSchema>;

/** A device id usable as one MQTT topic level (no '/', '+' or '#'). */
export const MQTT_DEVICE_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const deviceTokenQuerySchema = z.object({
  deviceId: z.string().regex(MQTT_DEVICE_ID, SMART_HOME_MESSAGES.deviceIdInvalid),
});
/** What a real device needs to publish readings: its topic and its token (put in the JSON payload as `token`). */
export const deviceTokenSchema = z.object({
  deviceId: z.string(),
  topic: z.string(),
  token: z.string(),
  /** Whether this server listens to an MQTT broker (MQTT_URL); without one, published readings reach nobody. */
  mqttEnabled: z.boolean(),
});
export type DeviceToken = z.infer<typeof deviceTokenSchema>;
