// Secrets, tokens and bill contents never reach the log (issue 18): a whole journey — sign up,
// verify, sign in, upload a bill, reset the password, sign in again — with every log line the
// app writes at debug level captured, then searched for each secret the journey handled.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BillsTestContext, createBillsTestContext, TEXT_BILL } from '../features/bills/bills.test-support.ts';
import { cookiesOf, linkIn, postJson, solveCaptcha, TEST_ORIGIN, waitForMail } from './test-app.ts';

const lines: string[] = [];
let ctx: BillsTestContext;

beforeAll(async () => {
  const logDestination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  ctx = await createBillsTestContext({ LOG_LEVEL: 'debug' }, { logDestination });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

it('a journey from sign-up to password reset leaves no password, token, account number or bill text in the log', async () => {
  const email = `journey-${Date.now()}@example.com`;
  const password = 'Journey-Secret-Pass-31';
  const newPassword = 'Journey-Changed-Pass-47';

  const signUp = await postJson(ctx.app, '/api/auth/sign-up/email', { email, password, name: 'Journey' }, { captcha: await solveCaptcha(ctx.app) });
  expect(signUp.status).toBe(200);
  const verifyLink = linkIn((await waitForMail(ctx.database, email, 'Confirm your email')).text, '/api/auth/verify-email');
  const verificationToken = verifyLink.searchParams.get('token') ?? '';
  expect(verificationToken.length).toBeGreaterThan(20);
  expect((await ctx.app.request(verifyLink.pathname + verifyLink.search)).status).toBe(302);

  const signIn = await postJson(ctx.app, '/api/auth/sign-in/email', { email, password }, { captcha: await solveCaptcha(ctx.app) });
  expect(signIn.status).toBe(200);
  const cookie = cookiesOf(signIn);
  const sessionToken = decodeURIComponent(cookie.match(/session_token=([^;]+)/)?.[1] ?? '').split('.')[0] ?? '';
  expect(sessionToken.length).toBeGreaterThan(20);

  const upload = await ctx.upload(cookie, TEXT_BILL.bytes, 'journey-bill.pdf');
  expect(upload.status).toBe(202);
  const { bill } = (await upload.json()) as { bill: { id: string } };
  const read = await ctx.waitForBill(cookie, bill.id, 60_000);
  // The bill was really read, so its contents passed through the reader and the job.
  expect(read).toMatchObject({ status: 'processed', accountNumber: TEXT_BILL.truth.accountNumber, totalAmount: TEXT_BILL.truth.totalAmount });
  expect((await ctx.app.request(`/api/bills/${bill.id}/file`, { headers: { cookie } })).status).toBe(200);

  expect((await postJson(ctx.app, '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' })).status).toBe(200);
  const resetLink = linkIn((await waitForMail(ctx.database, email, 'Reset your Wattwise password')).text, '/api/auth/reset-password/');
  const resetToken = resetLink.pathname.split('/').pop() ?? '';
  const redirect = await ctx.app.request(resetLink.pathname + resetLink.search);
  const token = new URL(redirect.headers.get('location') ?? '', TEST_ORIGIN).searchParams.get('token') ?? '';
  expect(token).toBe(resetToken);
  expect((await postJson(ctx.app, '/api/auth/reset-password', { newPassword, token })).status).toBe(200);
  // A failed sign-in with the old password, then the new one: both pass through the logs' middleware.
  expect((await postJson(ctx.app, '/api/auth/sign-in/email', { email, password }, { captcha: await solveCaptcha(ctx.app) })).status).toBe(401);
  const again = await postJson(ctx.app, '/api/auth/sign-in/email', { email, password: newPassword }, { captcha: await solveCaptcha(ctx.app) });
  expect(again.status).toBe(200);
  const newSessionToken = decodeURIComponent(cookiesOf(again).match(/session_token=([^;]+)/)?.[1] ?? '').split('.')[0] ?? '';

  await new Promise((resolve) => setTimeout(resolve, 100));
  const log = lines.join('');
  // The log is there and covers the journey (requests, the bill job), so its silence means something.
  expect(lines.length).toBeGreaterThan(20);
  expect(log).toContain('/api/auth/sign-in/email');
  expect(log).toContain(bill.id);

  const truth = TEXT_BILL.truth as typeof TEXT_BILL.truth & { customerName: string; serviceAddress: string };
  const secrets = {
    password,
    newPassword,
    sessionToken,
    newSessionToken,
    verificationToken,
    resetToken,
    accountNumber: truth.accountNumber,
    accountDigits: truth.accountNumber.replace(/\D/g, ''),
    customerName: truth.customerName,
    customerNameAsWritten: 'Andre Petrov',
    serviceAddress: truth.serviceAddress.split(',')[0] ?? '',
    amountAsWritten: '$176.60',
    billLine: 'Generation Charge',
  };
  const found = Object.entries(secrets).filter(([, value]) => value && log.toLowerCase().includes(value.toLowerCase()));
  expect(found.map(([name]) => name)).toEqual([]);
}, 120_000);
