/**
 * PostgreSQL's SQLSTATEs for a row still referenced by a foreign key: 23001 when the key is
 * ON DELETE RESTRICT, 23503 when it is NO ACTION (or a parent is missing).
 */
const REFERENCE_VIOLATIONS = new Set(['23001', '23503']);

/**
 * True when a database error (or one it wraps: Drizzle puts the driver's error in `cause`) says
 * a row is still referenced by a foreign key. Both drivers, pg and PGlite, put the SQLSTATE in `code`.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && REFERENCE_VIOLATIONS.has(code)) return true;
  }
  return false;
}

/** True when a database error (or one it wraps) is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
