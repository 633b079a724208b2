import { z } from 'zod';

/** One organisation in `data/utilities.json`, written by scripts/build-utility-directory.ts. */
export const directoryEntrySchema = z.object({
  /** The name a bill prints in full. */
  name: z.string().min(1),
  aliases: z.array(z.string()).default([]),
  /** Web domains the organisation prints ("pge.com"). */
  domains: z.array(z.string()).default([]),
  /** Two-letter US state or Canadian province codes it serves. */
  states: z.array(z.string()).default([]),
  type: z.enum(['electricity', 'natural_gas', 'water', 'internet', 'multi']),
  ownership: z.enum(['investor', 'cooperative', 'municipal', 'public', 'retail_marketer', 'community_choice', 'other']),
  eiaId: z.number().int().optional(),
  /** "eia-861-2018" or "other" (data/other-providers.csv). */
  source: z.string(),
});

export const directoryFileSchema = z.object({
  version: z.literal(1),
  entries: z.array(directoryEntrySchema),
});

export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;
export type DirectoryFile = z.infer<typeof directoryFileSchema>;
