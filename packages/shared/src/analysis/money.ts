/** Amounts within two cents agree (rounding on printed bills). */
export const MONEY_TOLERANCE = 0.02;
