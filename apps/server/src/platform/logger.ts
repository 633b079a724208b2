import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs on stdout; secrets and cookies never reach them. */
export function createLogger(options: { level: string; name?: string }): Logger {
  return pino({
    level: options.level,
    name: options.name ?? 'wattwise',
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password', 'newPassword', '*.newPassword'],
      censor: '[redacted]',
    },
  });
}
