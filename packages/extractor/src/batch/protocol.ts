/** Messages between the batch CLI and its reader process. */
export type BatchRequest = { id: number; file: string; path: string };
export type BatchReply = { id: number; ok: boolean; line: Record<string, unknown> };
