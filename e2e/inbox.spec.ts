import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readMail } from './support/api-users.ts';
import { axeViolations } from './support/axe.ts';
import { uniqueEmail } from './support/browser.ts';
import { useAppWithAdmin } from './support/admin-suite.ts';

// A visitor's contact message reaches staff (issue 28): the admin Inbox and the operator's mail
// (SUPPORT_EMAIL); staff answer it by email.

const SUPPORT = 'desk@operator.example';
const { suite, asAdmin } = useAppWithAdmin({ SUPPORT_EMAIL: SUPPORT, OPERATOR_NAME: 'Volt Co-op' }, 'loops-admin');

describe('staff inbox', () => {
  test("a visitor's contact message reaches the admin Inbox and the operator's mail; staff answer by email", async () => {
    const visitor = uniqueEmail('visitor');
    const subject = `Coverage question ${Date.now()}`;
    await suite.inPage(async (page) => {
      await page.goto('/contact');
      // The operator's identity comes from the configuration.
      await page.getByRole('link', { name: SUPPORT }).waitFor();
      await page.getByLabel('Name *').fill('Vera Visitor');
      await page.getByLabel('Email *').fill(visitor);
      await page.getByLabel('Subject *').fill(subject);
      await page.getByLabel('Message *').fill('Do you read bills from Ohio?');
      await page.getByText('Human check passed').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText(`they answer by email to ${visitor}`).waitFor();
      const operatorMail = await readMail(page.request, SUPPORT, subject);
      assert.match(operatorMail, /Do you read bills from Ohio\?/);
    });
    await suite.inPage(async (page) => {
      await asAdmin(page, 'inbox');
      await page.getByRole('tab', { name: 'Inbox' }).waitFor();
      await page.getByRole('list', { name: 'Contact messages' }).getByRole('button', { name: new RegExp(subject) }).click();
      await page.getByLabel(`Reply by email to ${visitor}`).fill('Yes: Ohio bills are read too.');
      await page.getByRole('button', { name: 'Send Email Reply' }).click();
      await page.getByText('Answered by email').waitFor();
      assert.deepEqual(await axeViolations(page), [], 'admin Inbox: WCAG 2.1 AA');
      assert.match(await readMail(page.request, visitor, `Re: ${subject}`), /Ohio bills are read too/);
    });
  });
});
