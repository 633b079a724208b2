import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { newUserWithBill } from './support/bills.ts';
import { axeViolations } from './support/axe.ts';
import { uniqueEmail } from './support/browser.ts';
import { useAppAndBrowser } from './support/suite.ts';


const suite = useAppAndBrowser();

describe('energy assistant', () => {
  test('the bubble: switch personality, ask a quick question, use a quick action; /ai-assistant streams an answer citing the bill', async () => {
    const email = uniqueEmail('assistant');
    await suite.inPage(async (page) => {
      await newUserWithBill(page, email);

      // The floating assistant: open, switch to Wattson, ask a quick question in his voice.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Open assistant' }).click();
      const bubble = page.getByRole('dialog', { name: /your energy assistant/ });
      // The Home tab's figures are the user's own (the latest bill's usage, linked), not the 1200 kWh example.
      const household = bubble.getByRole('region', { name: 'Your household' });
      await household.getByRole('link', { name: '1,802 kWh' }).waitFor();
      await bubble.getByRole('tab', { name: 'Style' }).click();
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/assistant/memory') && r.request().method() === 'PUT' && (r.request().postData() ?? '').includes('wattson'));
      await bubble.getByRole('radio', { name: /Wattson/ }).check();
      await page.getByRole('dialog', { name: 'Wattson, your energy assistant' }).waitFor();
      // Remembered on the server (user_preferences…aiMemory): without the local copy, Wattson is still the one.
      await saved;
      await page.evaluate(() => window.localStorage.clear());
      await page.reload();
      await page.getByRole('button', { name: 'Open assistant' }).click();
      await bubble.getByRole('tab', { name: 'Q&A' }).waitFor();
      await page.getByRole('dialog', { name: 'Wattson, your energy assistant' }).waitFor();
      await bubble.getByRole('tab', { name: 'Q&A' }).click();
      await bubble.getByRole('button', { name: 'What was my highest bill?' }).click();
      await bubble.getByText('Analysing the data...').waitFor();
      await bubble.getByText(/^By the numbers: Your highest bill .* is \$357\.41/).waitFor();
      await bubble.getByRole('link', { name: /Georgia Power.* electricity bill/ }).first().waitFor();

      // Update Location: suggestions from 3 digits, an unknown ZIP refused, a real one kept.
      await bubble.getByRole('tab', { name: 'Home' }).click();
      await bubble.getByRole('button', { name: 'Update Location' }).click();
      const modal = page.getByRole('dialog', { name: 'Update Location' });
      const zip = modal.getByLabel('ZIP code');
      await zip.fill('303');
      await modal.getByRole('list', { name: 'Suggestions' }).getByRole('button').first().waitFor();
      await zip.fill('00000');
      await modal.getByRole('button', { name: 'Update', exact: true }).click();
      await modal.getByText('Invalid ZIP code. Please try again.').waitFor();
      await zip.fill('30303');
      await modal.getByRole('button', { name: 'Update', exact: true }).click();
      await modal.waitFor({ state: 'detached' });
      await bubble.getByText('Location: Atlanta, GA 30303').waitFor();

      // A quick action navigates to its path, and the path does what it asks: the top pick's Eligibility Check, to apply.
      await bubble.getByRole('button', { name: 'Apply for rebates' }).click();
      await page.waitForURL((url) => url.pathname === '/rebates' && url.searchParams.get('action') === 'apply');
      const check = page.getByRole('dialog', { name: 'Eligibility Check' });
      await check.waitFor();
      await page.keyboard.press('Escape');
      await check.waitFor({ state: 'detached' });

      // The first rebate application: confetti and the milestone once, on the next page load, and never again.
      await page.evaluate(async () => {
        const res = await fetch('/api/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rebateId: 'ga-hear-heat-pump', programName: 'Georgia HEAR heat pump' }) });
        if (res.status !== 201) throw new Error(`application not created: ${res.status}`);
      });
      await page.reload();
      await page.getByRole('status').filter({ hasText: 'Milestone: your first rebate application!' }).waitFor();
      const again = page.waitForResponse((r) => r.url().endsWith('/api/assistant/milestones'));
      await page.reload();
      assert.deepEqual(((await (await again).json()) as { reached: string[] }).reached, [], 'a milestone is celebrated once');

      // The other quick actions' paths open what they name.
      for (const [path, dialog] of [
        ['/dashboard?action=goals', 'Set Goals'],
        ['/smart-home?action=connect', 'Connect Smart Home Platform'],
        ['/smart-home?section=upgrades', 'Smart Home Energy Insights'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('dialog', { name: dialog }).waitFor();
      }
      await page.goto('/dashboard?section=trends');
      await page.getByRole('tab', { name: 'Savings Insights', selected: true }).waitFor();

      // The assistant page: a question about the user's bills, answered in a stream, citing the bill.
      await page.goto('/ai-assistant');
      await page.getByRole('heading', { name: 'AI Energy Assistant' }).waitFor();
      await page.getByText('Press Enter to send, Shift+Enter for new line').waitFor();
      const input = page.getByLabel('Ask about your energy use');
      await input.fill('How much electricity did I use on my latest bill?');
      // The offline engine answers within milliseconds: hold the request a moment so the pending state can be seen.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        '**/api/assistant/chat',
        async (route) => {
          await held;
          await route.continue();
        },
        { times: 1 },
      );
      await input.press('Enter');
      await page.getByText('Thinking...').first().waitFor();
      assert.equal(await input.isDisabled(), true, 'input disabled while the reply is pending');
      release();
      const conversation = page.getByLabel('Conversation');
      const answer = conversation.locator('[data-role="assistant"]').filter({ hasText: '1,802 kWh' }).last();
      await answer.waitFor();
      const link = answer.getByRole('link', { name: /Georgia Power.* electricity bill/ }).first();
      assert.match((await link.getAttribute('href')) ?? '', /^\/dashboard\/bills\/[0-9a-f-]{36}$/);
      await answer.getByText('Answered by: Wattwise offline assistant').waitFor();
      assert.equal(await input.isDisabled(), false);
      assert.deepEqual(await axeViolations(page), [], '/ai-assistant with an answer: WCAG 2.1 AA');

      // An example question is clickable and the conversation is kept (reload shows it).
      await page.getByRole('button', { name: 'When is my bill due?' }).click();
      await conversation.getByText(/is due on/).waitFor();
      await page.reload();
      await conversation.getByText('How much electricity did I use on my latest bill?').waitFor();
    });
  });
});
