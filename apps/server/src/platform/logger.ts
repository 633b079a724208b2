import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Secrets that can hide inside any string of a log line (a request path, an error message, a
 * mail link): password-reset tokens in paths, token-like query parameters, bearer tokens.
 * Applied to the finished JSON line, so no field, message or stack trace escapes it.
 */
const SECRET_PATTERNS: [RegExp, string][] = [
  [/(reset-password\/)[^/?#\s"\\]+/gi, '$1[redacted]'],
  [/([?&](?:token|code|secret|password|signature|key)=)[^&#\s"\\]+/gi, '$1[redacted]'],
  [/(bearer\s+)[\w.~+/-]+=*/gi, '$1[redacted]'],
];

export function redactSecrets(line: string): string {
  let out = line;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** JSON logs on stdout; secrets and cookies never reach them. */
export function createLogger(options: { level: string; name?: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      name: options.name ?? 'wattwise',
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'password',
          '*.password',
          'newPassword',
          '*.newPassword',
          'token',
          '*.token',
          'secret',
          '*.secret',
        ],
        censor: '[redacted]',
      },
      hooks: { streamWrite: redactSecrets },
    },
    options.destination,
  );
}
