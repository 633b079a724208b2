import { MQTT_DEVICE_ID, SMART_HOME_MESSAGES as M } from '@wattwise/shared/contract/smart-home';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useDeviceToken } from '../api/iot.ts';

/** An example payload a device publishes: the reading, and its token. */
export function examplePayload(token: string): string {
  return JSON.stringify({ device_type: 'whole_home_monitor', value: 1250, token });
}

/**
 * "Connect a real device": the topic and per-device token a meter, plug or bridge publishes
 * readings with over MQTT. Readings without this device's token are not stored (decision 175).
 */
export function RealDeviceCard() {
  const [deviceId, setDeviceId] = useState('meter-1');
  const [error, setError] = useState<string | null>(null);
  const token = useDeviceToken();
  const onShow = () => {
    const id = deviceId.trim();
    if (!MQTT_DEVICE_ID.test(id)) {
      setError(M.deviceIdInvalid);
      return;
    }
    setError(null);
    token.mutate(id);
  };
  const issued = token.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Connect a real device</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          A meter, smart plug or bridge (Home Assistant, Tasmota, Shelly) can publish JSON readings to your own MQTT topic. Each device has its own token; readings without it are ignored.
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-2">
            <Label htmlFor="iot-real-device-id">MQTT device ID</Label>
            <Input
              id="iot-real-device-id"
              value={deviceId}
              onChange={(e) => setDeviceId(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'iot-real-device-error' : undefined}
              className="w-56"
            />
          </div>
          <Button variant="outline" onClick={onShow} disabled={token.isPending}>
            Show topic and token
          </Button>
        </div>
        {error && (
          <p id="iot-real-device-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        {token.isError && (
          <p role="alert" className="text-sm text-destructive">
            {token.error instanceof Error ? token.error.message : M.unknownError}
          </p>
        )}
        {issued && (
          <dl className="grid gap-2 text-sm">
            <dt className="font-medium">Topic</dt>
            <dd>
              <code className="break-all rounded bg-muted px-1.5 py-0.5" data-testid="iot-device-topic">
                {issued.topic}
              </code>
            </dd>
            <dt className="font-medium">Token (keep it secret)</dt>
            <dd>
              <code className="break-all rounded bg-muted px-1.5 py-0.5" data-testid="iot-device-token">
                {issued.token}
              </code>
            </dd>
            <dt className="font-medium">Example payload</dt>
            <dd>
              <code className="break-all rounded bg-muted px-1.5 py-0.5">{examplePayload(issued.token)}</code>
            </dd>
            {!issued.mqttEnabled && <dd className="text-muted-foreground">This server is not connected to an MQTT broker yet (MQTT_URL), so published readings are not received. Ask its operator.</dd>}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
