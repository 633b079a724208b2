// Every table, for the Drizzle client's relational queries and drizzle-kit.
export * from './auth.ts';
export * from './mail.ts';
export * from './bills.ts';
export * from './rebates.ts';
