import { numeric, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

// Column helpers every feature's tables share. Every row a user owns carries user_id (deleted
// with the user); queries filter on it and row-level security (migration 0002) enforces it.

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
