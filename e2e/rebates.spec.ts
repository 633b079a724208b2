import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { newUserWithBill } from './support/bills.ts';
import { axeViolations } from './support/axe.ts';
import { uniqueEmail } from './support/browser.ts';
import { useAppAndBrowser } from './support/suite.ts';


const suite = useAppAndBrowser();

describe('rebates', () => {
  test('a signed-in user with a Georgia bill sees ranked Georgia picks, checks eligibility and tracks an application', async () => {
    const email = uniqueEmail('rebates');
    await suite.inPage(async (page) => {
      await newUserWithBill(page, email);

      await page.goto('/rebates');
      await page.getByRole('heading', { name: 'Find Smarter Savings with AI' }).waitFor();
      // Placed in Georgia by the bill's service address, and priced from its 1,802 kWh.
      await page.getByRole('heading', { name: /Here are savings near Atlanta, GA/ }).waitFor();
      await page.getByText('From your bills').first().waitFor();
      await page.getByRole('heading', { name: 'AI Found 6 Opportunities' }).waitFor();
      const cards = page.getByRole('article');
      assert.equal(await cards.count(), 6);
      const first = cards.first();
      assert.match((await first.getAttribute('aria-label')) ?? '', /^#1 Georgia Home Electrification and Appliance Rebate: heat pump/);
      await first.getByText('High Priority').waitFor();
      await first.getByText(/kWh a month at \$0\.\d{3}\/kWh/).waitFor();
      const savings = await first.getByText('Estimated savings').locator('xpath=following-sibling::p[1]').innerText();
      assert.match(savings, /^\$\d{1,3}(,\d{3})+$/);
      assert.deepEqual(await axeViolations(page), [], 'rebates page with picks: WCAG 2.1 AA');

      // Check Eligibility: the offline engine answers from the programme's rules and the bill.
      await first.getByRole('button', { name: 'Check Eligibility' }).click();
      const dialog = page.getByRole('dialog', { name: 'Eligibility Check' });
      await dialog.getByLabel('Describe your situation').fill('We own our house and heat with a gas furnace, family of four.');
      await dialog.getByRole('combobox', { name: 'Household income' }).click();
      await page.getByRole('option', { name: '80% to 150% of area median income' }).click();
      await dialog.getByRole('button', { name: 'Check Eligibility' }).click();
      await dialog.getByRole('heading', { name: 'You appear eligible' }).waitFor();
      await dialog.getByText(/Answered by: Wattwise offline engine/).waitFor();
      await dialog.getByRole('button', { name: 'Apply for This Rebate' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Track an application from the card, then change its status on /applications.
      await first.getByRole('button', { name: 'Track application' }).click();
      const add = page.getByRole('dialog', { name: 'Add Application' });
      assert.match(await add.getByLabel('Program name *').inputValue(), /Georgia Home Electrification/);
      assert.equal(await add.getByLabel('Rebate ID *').inputValue(), 'ga-hear-heat-pump');
      await add.getByRole('button', { name: 'Add Application' }).click();
      await page.getByText('Application added successfully!').first().waitFor();

      await page.goto('/applications');
      const card = page.getByRole('article', { name: /Georgia Home Electrification and Appliance Rebate: heat pump/ });
      await card.getByText('Submitted', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Application' });
      await edit.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Under Review' }).click();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Application updated successfully!').first().waitFor();
      await card.getByText('Under Review', { exact: true }).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'applications page: WCAG 2.1 AA');
    });
  });

  test('a visitor sees the sign-in prompt in place of picks and can still filter All Rebates', async () => {
    await suite.inPage(async (page) => {
      await page.goto('/rebates');
      await page.getByRole('heading', { name: 'Sign in to see your personalised picks' }).waitFor();
      assert.equal(await page.getByRole('heading', { name: /AI Found/ }).count(), 0);

      await page.getByRole('tab', { name: /^All Rebates \(\d+\)$/ }).click();
      const cards = page.getByRole('list').getByRole('article');
      await cards.first().waitFor();
      const all = await cards.count();
      assert.ok(all > 10, `${all} open programmes`);
      // The federal credits that ended on 2025-12-31 are not offered.
      assert.equal(await page.getByText(/Energy Efficient Home Improvement Credit/).count(), 0);

      await page.getByRole('textbox', { name: 'Region' }).fill('Maine');
      await page.getByText(/^\d+ rebates?$/).filter({ hasText: /^[1-9]\d? rebates?$/ }).waitFor();
      await page.waitForFunction((before) => document.querySelectorAll('ul [role="article"]').length < before, all);
      const maine = await cards.count();
      assert.ok(maine > 0 && maine < all);
      for (const label of await cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))) {
        assert.match(label, /Maine|Efficiency Maine/);
      }

      await page.getByRole('textbox', { name: 'Provider' }).fill('no such provider');
      await page.getByRole('heading', { name: 'No rebates found' }).waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await cards.nth(all - 1).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'all rebates: WCAG 2.1 AA');
    });
  });
});
