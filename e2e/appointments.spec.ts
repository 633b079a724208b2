import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readMail, signInViaApi, signUpViaApi } from './support/api-users.ts';
import { axeViolations } from './support/axe.ts';
import { uniqueEmail } from './support/browser.ts';
import { useAppWithAdmin } from './support/admin-suite.ts';

// A booking reaches an advisor (issue 28): the admin Appointments tab and the operator's mail;
// cancelling sends a METHOD:CANCEL invitation. Users sign up and in through the API.

const SUPPORT = 'desk@operator.example';
const { suite, asAdmin } = useAppWithAdmin({ SUPPORT_EMAIL: SUPPORT, OPERATOR_NAME: 'Volt Co-op' }, 'loops-admin');

describe('advisor side of appointments', () => {
  test('a booking reaches the admin Appointments tab and the operator; cancelling sends METHOD:CANCEL', async () => {
    const email = uniqueEmail('booker');
    await suite.inPage(async (page) => {
      await signUpViaApi(page.request, suite.app.baseUrl, email);
      await page.goto('/calendar-scheduling');
      await page.getByRole('heading', { name: 'Schedule Your Energy Consultation' }).waitFor();
      await page.getByRole('combobox', { name: 'Date' }).click();
      const firstDay = page.getByRole('option').first();
      const day = (await firstDay.textContent()) ?? '';
      assert.doesNotMatch(day, /^(Sat|Sun)/, 'weekends are not offered');
      await firstDay.click();
      await page.getByRole('combobox', { name: 'Time' }).click();
      await page.getByRole('option', { name: '10:00 AM' }).click();
      await page.getByRole('button', { name: 'Schedule Appointment' }).click();
      await page.getByRole('list', { name: 'Your appointments' }).getByText(/10:00 AM/).waitFor();
      const staff = await readMail(page.request, SUPPORT, 'Consultation booked');
      assert.match(staff, new RegExp(email.replace(/[.+]/g, '\\$&')));
      assert.match(staff, /METHOD:REQUEST/);
      // Back on a page opened directly leads into the app, not away from it.
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
    });
    await suite.inPage(async (page) => {
      await asAdmin(page, 'appointments');
      const upcoming = page.getByRole('table', { name: 'Upcoming appointments' });
      await upcoming.getByRole('link', { name: email }).waitFor();
      assert.deepEqual(await axeViolations(page), [], 'admin Appointments: WCAG 2.1 AA');
    });
    await suite.inPage(async (page) => {
      await signInViaApi(page.request, suite.app.baseUrl, email);
      await page.goto('/calendar-scheduling');
      const mine = page.getByRole('list', { name: 'Your appointments' });
      await mine.getByRole('button', { name: 'Cancel' }).click();
      await page.getByText('Appointment cancelled').first().waitFor();
      const cancel = await readMail(page.request, email, 'consultation is cancelled');
      assert.match(cancel, /METHOD:CANCEL/);
      assert.match(cancel, /STATUS:CANCELLED/);
      await readMail(page.request, SUPPORT, 'Consultation cancelled');
    });
    await suite.inPage(async (page) => {
      await asAdmin(page, 'appointments');
      await page.getByRole('button', { name: 'Cancelled' }).click();
      await page.getByRole('table', { name: 'Cancelled appointments' }).getByRole('link', { name: email }).waitFor();
    });
  });
});
