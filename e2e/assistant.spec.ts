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
      await bubble.getByText('Your latest bill: $357.41').waitFor();
      await bubble.getByRole('tab', { name: 'Style' }).click();
      await bubble.getByRole('radio', { name: /Wattson/ }).check();
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

      // A quick action navigates to its path.
      await bubble.getByRole('button', { name: 'Apply for rebates' }).click();
      await page.waitForURL((url) => url.pathname === '/rebates' && url.searchParams.get('action') === 'apply');

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
