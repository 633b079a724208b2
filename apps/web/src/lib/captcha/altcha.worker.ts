/// <reference lib="webworker" />
import { solveAltcha, type AltchaChallenge } from './altcha-solver.ts';

// Solves off the main thread so typing in the dialog stays smooth.
self.onmessage = (event: MessageEvent<AltchaChallenge>) => {
  solveAltcha(event.data).then(
    (solution) => self.postMessage({ ok: true, solution }),
    (error: unknown) => self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
};
