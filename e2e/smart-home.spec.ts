import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { signIn, signUpAndConfirm } from './support/auth.ts';
import { STRONG_PASSWORD, uniqueEmail } from './support/browser.ts';
import { useAppAndBrowser } from './support/suite.ts';

// TEST_CLOCK lets the story move the automation clock (POST /api/dev/clock); rules are evaluated every 2 s.
const suite = useAppAndBrowser({ TEST_CLOCK: 'true', AUTOMATION_INTERVAL_SECONDS: '2' });

async function signedIn(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await signUpAndConfirm(page, email);
  await signIn(page, email, STRONG_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

async function setClock(page: Page, instant: Date) {
  const status = await page.evaluate(async (now) => (await fetch('/api/dev/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now }) })).status, instant.toISOString());
  assert.equal(status, 200);
}

describe('smart home', () => {
  test('a visitor reads that sign-in is required', async () => {
    await suite.inPage(async (page) => {
      await page.goto('/smart-home');
      await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
      await page.getByText('Please sign in to access your smart home energy monitoring dashboard.').waitFor();
    });
  });

  test('connects the simulator, sets a thermostat preset that persists, and a time rule fires on the test clock', async () => {
    await suite.inPage(async (page) => {
      await signedIn(page, 'smart-home');
      await page.goto('/smart-home');
      await page.getByText('0 connected devices').waitFor();

      await page.getByRole('button', { name: 'Connect Platform' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Connect Smart Home Platform' });
      await dialog.getByRole('button', { name: 'Direct (device simulator)' }).click();
      const connect = dialog.getByRole('button', { name: 'Connect & Discover' });
      assert.equal(await connect.isDisabled(), true, 'disabled until a credential field is filled');
      const key = dialog.getByLabel('API Key');
      assert.equal(await key.getAttribute('type'), 'password');
      await key.fill('my-simulator-key');
      await connect.click();
      await page.getByText('Discovered 6 devices from Direct (device simulator)').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('6 connected devices').waitFor();
      await page.getByText('Simulated').first().waitFor();

      // Devices tab: the Eco preset, kept after a reload.
      await page.getByRole('tab', { name: 'Devices' }).click();
      const thermostat = page.getByRole('article', { name: 'Living Room Thermostat' });
      await thermostat.getByText('Simulated').waitFor();
      const slider = thermostat.getByRole('slider');
      assert.equal(await slider.getAttribute('min'), '60');
      assert.equal(await slider.getAttribute('max'), '85');
      await thermostat.getByRole('button', { name: 'Eco 68°F' }).click();
      await page.getByText('Command executed on Living Room Thermostat').first().waitFor();
      await page.reload();
      await page.getByRole('article', { name: 'Living Room Thermostat' }).getByLabel('Living Room Thermostat reading').getByText('68 °F').waitFor();

      // Automation: a rule for ten minutes after the clock's time fires once the clock passes it.
      const start = new Date('2026-11-23T11:50:00Z');
      await setClock(page, start);
      const ruleTime = await page.evaluate((iso) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }), new Date(start.getTime() + 10 * 60_000).toISOString());
      await page.getByRole('tab', { name: 'Automation' }).click();
      await page.getByRole('button', { name: 'Create Rule' }).click();
      const ruleDialog = page.getByRole('dialog', { name: 'Create Automation Rule' });
      await ruleDialog.getByLabel('Rule name').fill('Dim the lamp');
      await ruleDialog.getByLabel('Time').fill(ruleTime);
      await ruleDialog.getByRole('combobox', { name: 'Target device' }).click();
      await page.getByRole('option', { name: 'Bedroom Lamp (simulated)' }).click();
      await ruleDialog.getByRole('combobox', { name: 'Command' }).click();
      await page.getByRole('option', { name: 'setBrightness' }).click();
      await ruleDialog.getByLabel('Command value (optional)').fill('25');
      await ruleDialog.getByRole('button', { name: 'Create Rule' }).click();
      await page.getByText('Automation rule created').first().waitFor();
      const card = page.getByRole('article', { name: 'Rule Dim the lamp' });
      await card.getByText('Not run yet').waitFor();

      await setClock(page, new Date(start.getTime() + 10 * 60_000 + 5_000));
      const lastRun = card.getByText(/Command executed on Bedroom Lamp: 75 → 25/);
      for (let attempt = 0; attempt < 20 && !(await lastRun.isVisible()); attempt += 1) {
        await page.waitForTimeout(1000);
        await page.reload();
      }
      await lastRun.waitFor();
      await card.getByText('Ran').waitFor();
      await page.getByRole('tab', { name: 'Devices' }).click();
      await page.getByRole('article', { name: 'Bedroom Lamp' }).getByLabel('Bedroom Lamp reading').getByText('25 %').waitFor();

      // Edit and delete on the rule card work.
      await page.getByRole('tab', { name: 'Automation' }).click();
      await card.getByRole('button', { name: 'Edit' }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit Automation Rule' });
      await editDialog.getByLabel('Rule name').fill('Dim the lamp at night');
      await editDialog.getByRole('button', { name: 'Save Rule' }).click();
      const renamed = page.getByRole('article', { name: 'Rule Dim the lamp at night' });
      await renamed.waitFor();
      await renamed.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Automation rule deleted').first().waitFor();
      await renamed.waitFor({ state: 'detached' });
    });
  });

  test('IoT streaming: start a device, see the chart move with server readings, stop it', async () => {
    await suite.inPage(async (page) => {
      await signedIn(page, 'iot');
      await page.goto('/iot-dashboard');
      await page.getByRole('heading', { name: 'IoT Energy Monitoring' }).waitFor();
      await page.getByRole('button', { name: 'Start Streaming' }).click();
      await page.getByText('Please fill in device ID and type').first().waitFor();
      await page.getByLabel('Device ID', { exact: true }).fill('desk-plug');
      await page.getByRole('combobox', { name: 'Device Type' }).click();
      await page.getByRole('option', { name: 'Smart Plug' }).click();
      await page.getByRole('button', { name: 'Start Streaming' }).click();
      await page.getByText('Started streaming energy data').first().waitFor();
      await page.getByLabel('Streaming status').getByText('Streaming').waitFor();
      assert.equal(await page.getByLabel('Device ID', { exact: true }).isDisabled(), true, 'fields are locked while streaming');

      const chart = page.getByRole('img', { name: /Real-time chart of the latest \d+ readings/ });
      await page.getByRole('img', { name: /latest [1-9]\d* readings/ }).waitFor({ timeout: 30_000 });
      const first = Number(/latest (\d+)/.exec((await chart.getAttribute('aria-label')) ?? '')?.[1]);
      await page.waitForFunction(
        (n) => {
          const label = document.querySelector('[aria-label^="Real-time chart"]')?.getAttribute('aria-label') ?? '';
          return Number(/latest (\d+)/.exec(label)?.[1]) > n;
        },
        first,
        { timeout: 30_000 },
      );
      const power = await page.getByLabel('Current Power').innerText();
      const watts = Number(power.replace(/[^\d]/g, ''));
      assert.ok(watts >= 50 && watts <= 250, `smart plug power ${power} in 50–250 W`);
      await page.getByRole('article', { name: 'Smart Plug' }).getByText('Simulated').waitFor();

      // After a reload the server's stream still shows, and the chart's legend names its device.
      await page.reload();
      await page.getByLabel('Streaming status').getByText('1 device streaming').waitFor();
      await page.getByRole('list', { name: 'Chart legend' }).getByText('Smart Plug (desk-plug)').waitFor();
      await page.getByLabel('Device ID', { exact: true }).fill('desk-plug');
      await page.getByRole('button', { name: 'Stop Streaming' }).click();
      await page.getByText('Stopped streaming energy data').first().waitFor();
      await page.getByLabel('Streaming status').getByText('Disconnected').waitFor();
    });
  });
});
