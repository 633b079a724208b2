import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { signIn, signUpAndConfirm } from './support/auth.ts';
import { axeViolations } from './support/axe.ts';
import { STRONG_PASSWORD, uniqueEmail } from './support/browser.ts';
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
      // A bill change shows the quick preview at 29% of the total: (150 + 80 + 60) × 0.29.
      await page.getByLabel('Monthly electric bill ($)').fill('160');
      await page.getByLabel('Monthly electric bill ($)').fill('150');
      await page.getByText('Quick preview: about $84.10 a month').waitFor();
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

  test('a signed-in user completes a tip, sets a goal and keeps both after a reload', async () => {
    const email = uniqueEmail('gamification');
    await suite.inPage(async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/gamification');
      await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
      await signUpAndConfirm(page, email);
      await signIn(page, email, STRONG_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/dashboard');

      await page.goto('/gamification');
      await page.getByRole('heading', { name: 'Energy Achievements' }).waitFor();
      await page.getByTestId('points').getByText('0 points').waitFor();
      await page.getByRole('button', { name: /Complete Tip/ }).click();
      await page.getByText('Tip completed! +15 points').waitFor();
      await page.getByTestId('points').getByText('15 points').waitFor();

      await page.getByRole('button', { name: 'Set Goals' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set Goals' });
      await dialog.getByLabel('Monthly savings goal ($)').fill('80');
      await dialog.getByRole('button', { name: 'Save goal' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('monthly-goal').getByText('of $80.00').waitFor();

      await page.getByRole('button', { name: 'Share Progress' }).click();
      await page.getByText('Link copied!').waitFor();
      await page.getByTestId('points').getByText('20 points').waitFor();

      await page.reload();
      await page.getByTestId('points').getByText('20 points').waitFor();
      await page.getByTestId('monthly-goal').getByText('of $80.00').waitFor();
      await page.getByRole('tab', { name: 'Streaks' }).click();
      await page.getByText('1-day streak').waitFor();
      await page.mouse.move(0, 0);
      assert.deepEqual(await axeViolations(page), [], 'gamification streaks: WCAG 2.1 AA');
    });
  });

  test('a visitor picks a region on the map by keyboard and compares regions', async () => {
    await suite.inPage(async (page) => {
      await page.goto('/regional-savings');
      await page.getByRole('heading', { name: 'Regional Savings' }).waitFor();
      await page.getByRole('heading', { name: 'Southeast', exact: true }).waitFor();
      const northeast = page.getByRole('button', { name: /^Northeast \$/ });
      await northeast.focus();
      await page.keyboard.press('Enter');
      await page.getByText('Updated data for Northeast region').waitFor();
      await page.getByRole('heading', { name: 'Northeast', exact: true }).waitFor();
      assert.equal(await northeast.getAttribute('aria-pressed'), 'true');
      await page.getByText('Estimate', { exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Distribution' }).click();
      await page.getByText(/Typical monthly electricity bill by state in the Northeast/).waitFor();
      await page.mouse.move(0, 0);
      assert.deepEqual(await axeViolations(page), [], 'regional savings: WCAG 2.1 AA');
    });
  });
});

