// The `npm audit --omit=dev` step of `npm test` (tools/audit-prod.js): which reports fail it.
import { describe, expect, it } from 'vitest';
import { judgeAudit } from './audit-prod.js';

const report = (severity) => ({
  auditReportVersion: 2,
  vulnerabilities: {
    'some-lib': { name: 'some-lib', severity, via: [{ source: 1, title: 'Prototype pollution', url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc', severity }] },
    'uses-some-lib': { name: 'uses-some-lib', severity, via: ['some-lib'] },
  },
  metadata: { vulnerabilities: { critical: 0, high: severity === 'high' ? 2 : 0, moderate: severity === 'moderate' ? 2 : 0, low: 0 } },
});

describe('production dependency audit', () => {
  it('fails on a high or critical advisory', () => {
    expect(judgeAudit(report('high'), {}).ok).toBe(false);
    expect(judgeAudit(report('critical'), {}).ok).toBe(false);
    expect(judgeAudit(report('high'), {}).lines[0]).toContain('GHSA-aaaa-bbbb-cccc in some-lib');
  });

  it('passes a moderate one, a clean report, and an advisory the allowlist accepts with a reason', () => {
    expect(judgeAudit(report('moderate'), {}).ok).toBe(true);
    expect(judgeAudit({ auditReportVersion: 2, vulnerabilities: {}, metadata: { vulnerabilities: {} } }, {}).ok).toBe(true);
    const accepted = judgeAudit(report('high'), { 'GHSA-aaaa-bbbb-cccc': 'only reachable from the CLI importer' });
    expect(accepted.ok).toBe(true);
    expect(accepted.lines[0]).toContain('accepted: only reachable from the CLI importer');
  });

  it('says so when the registry has no advisory service, and fails then only when strict', () => {
    const mirror = { message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405 };
    expect(judgeAudit(mirror, {})).toMatchObject({ ok: true, lines: [expect.stringContaining('not checked')] });
    expect(judgeAudit(mirror, {}, { strict: true }).ok).toBe(false);
    expect(judgeAudit({ error: { code: 'ENOAUDIT', summary: 'no audit endpoint' } }, {}, { strict: true }).ok).toBe(false);
  });
});
