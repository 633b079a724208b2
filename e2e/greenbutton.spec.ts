import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { signIn, signUpAndConfirm } from './support/auth.ts';
import { STRONG_PASSWORD, uniqueEmail } from './support/browser.ts';
import { useAppAndBrowser } from './support/suite.ts';

// Issue 29: the hourly PG&E Green Button export on the meter-data page — usage chart, load
// profile and the time-of-use what-if.
const suite = useAppAndBrowser();
const PGE_HOURLY = path.resolve(import.meta.dirname, '../packages/greenbutton/test-fixtures/pge-electric-hourly-2024.csv');

describe('meter data (Green Button)', () => {
  test('imports the hourly PG&E file and shows the usage chart, the load profile and the TOU what-if', async () => {
    await suite.inPage(async (page) => {
      const email = uniqueEmail('green-button');
      await signUpAndConfirm(page, email);
      await signIn(page, email, STRONG_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('link', { name: 'Meter Data', exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === '/meter-data');

      await page.getByLabel('Green Button file').setInputFiles(PGE_HOURLY);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Electricity meter, 8,783 readings (8,783 new)' }).waitFor();

      // The usage chart: a bar a day over the year, then a week by the hour.
      const byDay = page.getByRole('figure', { name: 'Usage by day' });
      await byDay.waitFor();
      assert.equal(await byDay.getAttribute('data-points'), '366');
      assert.ok((await byDay.locator('.recharts-bar-rectangle').count()) > 0, 'bars are drawn');
      await byDay.locator('.recharts-brush').waitFor();
      await page.getByText('Times in America/Los_Angeles').waitFor();
      await page.getByRole('button', { name: 'By hour' }).click();
      const byHour = page.getByRole('figure', { name: 'Usage by hour' });
      await byHour.waitFor();
      assert.equal(await byHour.getAttribute('data-points'), '168');

      // The load profile: base load from the night-time minimum, the daily shape, the top 10 hours.
      const baseLoad = page.getByLabel('Base load');
      await baseLoad.waitFor();
      assert.match((await baseLoad.textContent()) ?? '', /^\d+(\.\d+)? kW$/);
      await page.getByRole('figure', { name: 'Daily shape' }).locator('.recharts-line').first().waitFor();
      const topHours = page.getByRole('table', { name: 'Top 10 hours' });
      await topHours.getByRole('row').nth(10).waitFor();
      assert.equal(await topHours.getByRole('row').count(), 11);
      assert.match((await topHours.getByRole('row').nth(1).textContent()) ?? '', /2\.83 kWh/);

      // The TOU what-if, with a rate entered (this account has no bills to take it from).
      await page.getByRole('button', { name: 'Evening peak: 4–9 pm weekdays' }).click();
      await page.getByLabel('Current rate ($/kWh)').fill('0.35');
      await page.getByRole('button', { name: 'Compare' }).click();
      const result = page.getByRole('status', { name: 'TOU comparison' });
      await result.waitFor();
      const text = (await result.textContent()) ?? '';
      assert.match(text, /Time-of-use: \$[\d,]+\.\d\d/);
      assert.match(text, /Current rate \(\$0\.35\/kWh, as entered\): \$[\d,]+\.\d\d/);
      assert.match(text, /The time-of-use plan would have cost \$[\d,]+\.\d\d (less|more)\./);
    });
  });
});
