import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { cookiesOf, createTestContext, FROM_LOOPBACK, postJson, solveCaptcha, TEST_ORIGIN } from '../apps/server/src/test/test-app.ts';
import { BENCH_PASSWORD, seedBenchData } from './api-seed.ts';

const dataDir = '/tmp/prof-seed'; const fresh = !fs.existsSync(dataDir); fs.mkdirSync(dataDir, { recursive: true }); void os;
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir });
if (fresh) await seedBenchData(config, [{ email: 'p@example.com', bills: 500 }], console.log);
const ctx = await createTestContext({}, { dataDir, databaseOptions: { kind: 'pglite', dataDir: path.join(dataDir, 'pg') } });
const res = await postJson(ctx.app, '/api/auth/sign-in/email', { email: 'p@example.com', password: BENCH_PASSWORD }, { captcha: await solveCaptcha(ctx.app) });
const cookie = cookiesOf(res);
console.log('sign-in', res.status, cookie.slice(0, 80));
async function run(url: string, n: number) {
  for (let i = 0; i < 20; i++) await ctx.app.request(url, { headers: { cookie } }, FROM_LOOPBACK);
  const cpu0 = process.cpuUsage(); const t0 = performance.now();
  let status = 0, bytes = 0;
  for (let i = 0; i < n; i++) { const r = await ctx.app.request(url, { headers: { cookie } }, FROM_LOOPBACK); status = r.status; bytes = (await r.arrayBuffer()).byteLength; }
  const cpu = process.cpuUsage(cpu0);
  console.log(url, status, bytes, 'B', ((cpu.user + cpu.system) / 1000 / n).toFixed(2), 'ms CPU/req', ((performance.now() - t0) / n).toFixed(2), 'ms wall/req');
}
const N = Number(process.env.N ?? 200);
const only = process.env.ONLY;
if (!only || only === 'health') await run('/api/health', N);
if (!only || only === 'properties') await run('/api/properties', N);
if (!only || only === 'bills') await run('/api/bills?limit=50', N);
if (!only || only === 'recommendations') await run('/api/recommendations', 50);
await ctx.queue.stop(1000); await ctx.database.close();
