#!/usr/bin/env node
// `npm audit --omit=dev` as a step of `npm test` (issue 18): the packages the server runs with
// may carry no high or critical advisory, unless audit-allowlist.json names it with the reason
// it cannot reach us. When the registry has no advisory service (a mirror answering 405, no
// network), the step says so and passes; AUDIT_STRICT=1 makes that a failure too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const BLOCKING = new Set(['high', 'critical']);

/**
 * What to do with `npm audit --json` output: { ok, lines } where lines explain the verdict.
 * `allowlist` maps an advisory (its GHSA id or URL) to the reason it is accepted.
 */
export function judgeAudit(report, allowlist, { strict = false } = {}) {
  if (report?.error || report?.statusCode || (report?.message && !report?.vulnerabilities)) {
    const reason = report.message || report.error?.summary || report.error?.message || report.error?.code || 'unknown error';
    return { ok: !strict, lines: [`audit: the registry's advisory service did not answer (${reason}); ${strict ? 'failing (AUDIT_STRICT=1)' : 'not checked'}`] };
  }
  const lines = [];
  let ok = true;
  for (const [name, vuln] of Object.entries(report?.vulnerabilities ?? {})) {
    // `via` holds the advisories themselves (objects) or the names of vulnerable dependencies.
    for (const via of vuln.via ?? []) {
      if (typeof via !== 'object' || !BLOCKING.has(via.severity)) continue;
      const id = String(via.url ?? via.source ?? '').split('/').pop();
      const accepted = allowlist[id] ?? allowlist[via.url];
      lines.push(`audit: ${via.severity} ${id} in ${name} (${via.title ?? ''})${accepted ? ` accepted: ${accepted}` : ''}`);
      if (!accepted) ok = false;
    }
  }
  const counts = report?.metadata?.vulnerabilities ?? {};
  lines.push(`audit: ${ok ? 'no' : 'unaccepted'} high or critical advisories (critical ${counts.critical ?? 0}, high ${counts.high ?? 0}, moderate ${counts.moderate ?? 0}, low ${counts.low ?? 0})`);
  return { ok, lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  let report;
  try {
    report = JSON.parse(run.stdout || '{}');
  } catch {
    report = { message: run.error?.message ?? `npm audit printed no JSON (exit ${run.status})` };
  }
  const allowlist = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'audit-allowlist.json'), 'utf8'));
  const { ok, lines } = judgeAudit(report, allowlist, { strict: process.env.AUDIT_STRICT === '1' });
  for (const line of lines) console.log(line);
  process.exit(ok ? 0 : 1);
}
