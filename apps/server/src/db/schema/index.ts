// Every table, for the Drizzle client's relational queries and drizzle-kit. One file per
// feature: a feature's queries import its own schema file only.
export * from './auth.ts';
export * from './mail.ts';
export * from './properties.ts';
export * from './bills.ts';
export * from './analysis.ts';
export * from './feedback.ts';
export * from './processing.ts';
export * from './rebates.ts';
export * from './assistant.ts';
export * from './gamification.ts';
export * from './smart-home.ts';
export * from './iot.ts';
export * from './notifications.ts';
export * from './support.ts';
export * from './appointments.ts';
export * from './payments.ts';
export * from './email.ts';
export * from './account.ts';
export * from './meter-data.ts';
