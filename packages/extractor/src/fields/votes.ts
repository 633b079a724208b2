/** Collects candidate values for one field and picks the best supported one. */
export class Votes<T> {
  private readonly map = new Map<string, { value: T; score: number; count: number }>();

  add(value: T | null | undefined, score: number, key: string = JSON.stringify(value)): void {
    if (value === null || value === undefined || score <= 0) return;
    const prev = this.map.get(key);
    if (prev) {
      prev.score += score;
      prev.count += 1;
    } else this.map.set(key, { value, score, count: 1 });
  }

  /** Multiplies the support of the values whose key `which` picks (evidence found weak afterwards). */
  scale(which: (key: string, value: T) => boolean, factor: number): void {
    for (const [key, v] of this.map) if (which(key, v.value)) v.score *= factor;
  }

  get size(): number {
    return this.map.size;
  }

  ranked(): Array<{ value: T; score: number; count: number }> {
    return [...this.map.values()].sort((a, b) => b.score - a.score);
  }

  /** The winner and a confidence from its support and its margin over the runner-up. */
  best(): { value: T; confidence: number; count: number; score: number } | null {
    const [top, second] = this.ranked();
    if (!top) return null;
    const margin = second ? 1 - second.score / top.score : 1;
    const support = Math.min(1, top.score / 1.5);
    const confidence = Math.max(0.05, Math.min(0.97, 0.35 + 0.35 * support + 0.3 * margin));
    return { value: top.value, confidence, count: top.count, score: top.score };
  }
}
