import { secureHeaders } from 'hono/secure-headers';
import type { CaptchaConfig } from '../config.ts';

/**
 * CSP for the SPA: our own scripts only, inline styles allowed (Radix/Recharts set style
 * attributes), blob workers for the ALTCHA solver, and the captcha vendor when one is set.
 * HSTS only when browsers reach us over TLS. A route may set its own value of any of these
 * headers (the original bill file, which the app frames); the middleware then leaves it alone.
 */
export function securityHeaders(options: { isHttps: boolean; captchaProvider: CaptchaConfig['provider'] }) {
  const scriptSrc = ["'self'"];
  const frameSrc = ["'self'"];
  const connectSrc = ["'self'"];
  if (options.captchaProvider === 'turnstile') {
    scriptSrc.push('https://challenges.cloudflare.com');
    frameSrc.push('https://challenges.cloudflare.com');
  }
  if (options.captchaProvider === 'recaptcha') {
    scriptSrc.push('https://www.google.com', 'https://www.gstatic.com', 'https://www.recaptcha.net');
    frameSrc.push('https://www.google.com', 'https://recaptcha.google.com', 'https://www.recaptcha.net');
    connectSrc.push('https://www.google.com');
  }
  return secureHeaders({
    overwrite: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc,
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc,
      frameSrc,
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: options.isHttps ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    originAgentCluster: '?1',
    xDnsPrefetchControl: 'off',
    xDownloadOptions: 'noopen',
    xPermittedCrossDomainPolicies: 'none',
    xXssProtection: '0',
    permissionsPolicy: { camera: ['self'], geolocation: ['self'], microphone: [] },
  });
}
