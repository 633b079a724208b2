import {
  LIKELY_HUMAN_SCORE,
  VERIFICATION_ACTIONS,
  VERIFICATION_MESSAGES,
  VERIFICATION_THRESHOLD,
  type VerificationResult,
} from '@wattwise/shared/contract/admin';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { api } from '@/lib/api-client.ts';
import { type AltchaChallenge, encodeAltchaPayload, solveAltcha } from '@/lib/captcha/altcha-solver.ts';
import { usePublicConfig } from '@/lib/public-config.ts';

type Action = (typeof VERIFICATION_ACTIONS)[number];

/** A token from the active provider: for ALTCHA, a fresh challenge solved in this browser. */
async function generateToken(): Promise<string> {
  const challenge = await api.get<AltchaChallenge>('/api/captcha/challenge');
  const solution = await solveAltcha(challenge);
  if (!solution) throw new Error(VERIFICATION_MESSAGES.generateFailed);
  return encodeAltchaPayload(challenge, solution.number);
}

/** /recaptcha-test (02-tools §2.14): the human-verification dashboard for the active provider (admins; the route gates it). */
export function VerificationDashboard() {
  const config = usePublicConfig();
  const provider = config.data?.captcha.provider;
  const [action, setAction] = useState<Action>('login');
  const [token, setToken] = useState<string | null>(null);
  const [result, setResult] = useState<VerificationResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [advanced, setAdvanced] = useState(false);

  const generate = async (): Promise<string | null> => {
    try {
      const t = await generateToken();
      setToken(t);
      setResult(null);
      return t;
    } catch {
      toast.error(VERIFICATION_MESSAGES.generateFailed);
      return null;
    }
  };
  const verify = async (t: string | null) => {
    if (!t) {
      toast.error(VERIFICATION_MESSAGES.noToken);
      return;
    }
    try {
      const r = await api.post<VerificationResult>('/api/admin/captcha/verify', { token: t, expectedAction: action });
      setResult(r);
      if (!r.success) toast.error(VERIFICATION_MESSAGES.verificationFailed, { description: r.error ?? VERIFICATION_MESSAGES.notVerified });
    } catch {
      toast.error(VERIFICATION_MESSAGES.verifyFailed);
    }
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const canGenerate = provider === 'altcha';

  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="text-3xl font-semibold">Human Verification Dashboard</h1>
      <p className="mt-1 text-muted-foreground">Generate and verify a token with the provider this server uses.</p>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Configuration</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p>
              Site key: <span className="font-mono">{config.data?.captcha.siteKey ?? 'none (self-hosted proof of work)'}</span>
            </p>
            <p>Implementation: {provider === 'altcha' ? 'ALTCHA proof of work (altcha-lib)' : provider === 'turnstile' ? 'Cloudflare Turnstile' : provider === 'recaptcha' ? 'reCAPTCHA Enterprise' : '…'}</p>
            <p>{provider === 'recaptcha' ? `Score threshold: ${VERIFICATION_THRESHOLD} (documented)` : 'Score: none (this provider answers pass or fail)'}</p>
            <div className="grid gap-2">
              <Label htmlFor="verification-action">Action</Label>
              <select
                id="verification-action"
                className="h-11 rounded-md border border-input bg-background px-3 md:h-9"
                value={action}
                onChange={(e) => setAction(e.target.value as Action)}
              >
                {VERIFICATION_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </div>
            {!canGenerate && <p className="text-muted-foreground">Tokens of this provider are made by its widget on the sign-in form; paste-free testing here is for ALTCHA.</p>}
            <div className="flex flex-wrap gap-2">
              <Button disabled={busy || !canGenerate} onClick={() => void run(async () => void (await generate()))}>
                Generate Token
              </Button>
              <Button variant="outline" disabled={busy} onClick={() => void run(() => verify(token))}>
                Verify Token
              </Button>
              <Button
                variant="secondary"
                disabled={busy || !canGenerate}
                onClick={() =>
                  void run(async () => {
                    const t = await generate();
                    // 02-tools §9: verify is called 500 ms after generating a token.
                    await new Promise((r) => setTimeout(r, 500));
                    await verify(t);
                  })
                }
              >
                Generate &amp; Verify
              </Button>
            </div>
            {token && <p className="font-mono text-xs">Token: {token.slice(0, 20)}…</p>}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Result</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm" role="status">
            {!result ? (
              <p className="text-muted-foreground">Generate a token, then verify it.</p>
            ) : (
              <>
                <p className="flex items-center gap-2">
                  <Badge variant={result.success ? 'success' : 'destructive'}>{result.success ? 'Verified' : 'Not verified'}</Badge>
                  {result.score === null
                    ? 'No score: this provider answers pass or fail'
                    : `Score ${result.score.toFixed(1)} · ${result.score >= LIKELY_HUMAN_SCORE ? 'Likely human' : 'Possibly automated'}`}
                </p>
                <p>
                  Action: {result.action ?? 'not carried by this provider'} (expected {result.expectedAction})
                </p>
                <p>Checked {new Date(result.timestamp).toLocaleString('en-US')}</p>
                <Button variant="ghost" size="sm" className="w-fit" onClick={() => setAdvanced((v) => !v)} aria-expanded={advanced}>
                  {advanced ? 'Hide advanced' : 'Show advanced'}
                </Button>
                {advanced && <pre className="overflow-x-auto rounded bg-muted p-2 text-xs">{JSON.stringify(result, null, 2)}</pre>}
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
