import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations } from './support/axe.ts';
import { useAppAndBrowser } from './support/suite.ts';

const suite = useAppAndBrowser();

describe('calculators', () => {
  test('a visitor runs the savings calculator for a ZIP and sees the results and charts', async () => {
    await suite.inPage(async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/roi-calculator');
      await page.getByRole('heading', { name: 'Savings calculator' }).waitFor();

      // The ZIP is required (02-tools §5).
      await page.getByRole('button', { name: 'Calculate My Savings' }).click();
      await page.getByText('ZIP Code Required').waitFor();
      await page.getByRole('alert').filter({ hasText: 'Please enter your ZIP code for accurate regional savings estimates.' }).waitFor();

      // Defaults 150 + 80 + 60 in Atlanta: 0.27 + 0.05 → $92.80 a month, $1,169.28 a year.
      await page.getByLabel('ZIP code').fill('30303');
      await page.getByRole('button', { name: 'Calculate My Savings' }).click();
      await page.getByRole('heading', { name: 'Your estimated savings' }).waitFor();
      const projections = page.getByTestId('projections');
      await projections.getByText('$92.80').waitFor();
      await projections.getByText('$1,169.28').waitFor();
      await projections.getByText('$6,403.20').waitFor();
      await page.getByText(/Rates for Atlanta, Georgia: electricity 0\.137 \$\/kWh \(EIA 2023\)/).waitFor();
      await page.getByText('$55.68/mo').waitFor(); // peak 60%
      await page.getByText('935 lb').waitFor();
      // Both charts draw: four bars and a 24-month line.
      await page.getByTestId('growth-chart').locator('.recharts-bar-rectangle').nth(3).waitFor();
      await page.getByTestId('months-chart').locator('.recharts-line-curve').first().waitFor();
      await page.getByText(/24 months; \$[\d,.]+ in total/).waitFor();
      await page.mouse.move(0, 0); // no hover state in the contrast check
      assert.deepEqual(await axeViolations(page), [], 'calculator with results: WCAG 2.1 AA');

      // Share Results copies a link that reproduces the calculation.
      await page.getByRole('button', { name: 'Share Results' }).click();
      await page.getByText('Link Copied!').waitFor();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(link, /\/roi-calculator\?zip=30303&electric=150&gas=80&water=60$/);

      // Recalculate returns to the form.
      await page.getByRole('button', { name: 'Recalculate' }).click();
      await page.waitForFunction(() => document.activeElement?.id === 'electricBill');

      // The shared link calculates on its own; the compare section marks the state.
      await page.goto(new URL(link).pathname + new URL(link).search);
      await page.getByTestId('projections').getByText('$92.80').waitFor();
      await page.getByRole('tab', { name: 'Compare' }).click();
      await page.waitForURL((url) => url.searchParams.get('section') === 'compare');
      await page.getByRole('row', { name: /Georgia \(you\)/ }).waitFor();
    });
  });
});
