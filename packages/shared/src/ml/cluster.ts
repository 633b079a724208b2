/**
 * k-means over anonymised monthly usage profiles (02-tools §2.9 Clustering, issue 17): each
 * user is twelve numbers — the share of their yearly usage in each calendar month — plus their
 * average monthly usage for reporting. Deterministic (farthest-point start), no randomness.
 */

/** Fewer users than this and the page says so instead of drawing clusters. */
export const MIN_USERS_FOR_CLUSTERING = 20;
export const CLUSTER_COUNT = 4;

export type UsageProfile = { id: string; shares: number[]; averageMonthlyUsage: number };
export type Cluster = { clusterId: number; customers: number; avgUsage: number; centroid: number[]; members: string[] };

const dist2 = (a: readonly number[], b: readonly number[]) => a.reduce((s, v, i) => s + (v - (b[i] ?? 0)) ** 2, 0);
const mean = (rows: readonly number[][], width: number) => Array.from({ length: width }, (_, j) => rows.reduce((s, r) => s + (r[j] ?? 0), 0) / Math.max(1, rows.length));

/** Monthly shares of a user's usage from bills (each bill's usage spread over the calendar months it covers). */
export function monthlyShares(bills: readonly { periodStart: string; periodEnd: string; usage: number }[]): number[] {
  const months = Array.from({ length: 12 }, () => 0);
  for (const b of bills) {
    const start = Date.parse(b.periodStart);
    const end = Date.parse(b.periodEnd);
    const n = Math.max(1, Math.round((end - start) / 86_400_000) + 1);
    for (let d = 0; d < n; d += 1) {
      const m = new Date(start + d * 86_400_000).getUTCMonth();
      months[m] = (months[m] ?? 0) + b.usage / n;
    }
  }
  const total = months.reduce((s, v) => s + v, 0);
  return total > 0 ? months.map((v) => v / total) : months;
}

/** k-means on the shares; clusters ordered by average usage (smallest first). */
export function clusterProfiles(profiles: readonly UsageProfile[], k = CLUSTER_COUNT, iterations = 50): Cluster[] {
  if (profiles.length === 0) return [];
  const width = profiles[0]?.shares.length ?? 12;
  const center = mean(profiles.map((p) => p.shares), width);
  const first = [...profiles].sort((a, b) => dist2(a.shares, center) - dist2(b.shares, center) || a.id.localeCompare(b.id))[0] as UsageProfile;
  const centroids: number[][] = [first.shares];
  while (centroids.length < Math.min(k, profiles.length)) {
    const far = [...profiles].sort((a, b) => Math.min(...centroids.map((c) => dist2(b.shares, c))) - Math.min(...centroids.map((c) => dist2(a.shares, c))) || a.id.localeCompare(b.id))[0] as UsageProfile;
    centroids.push(far.shares);
  }
  let assignment = profiles.map(() => 0);
  for (let it = 0; it < iterations; it += 1) {
    const next = profiles.map((p) => centroids.reduce((best, c, i) => (dist2(p.shares, c) < dist2(p.shares, centroids[best] as number[]) ? i : best), 0));
    const changed = next.some((a, i) => a !== assignment[i]);
    assignment = next;
    centroids.forEach((_, i) => {
      const members = profiles.filter((_, n) => assignment[n] === i).map((p) => p.shares);
      if (members.length > 0) centroids[i] = mean(members, width);
    });
    if (!changed && it > 0) break;
  }
  return centroids
    .map((centroid, i) => {
      const members = profiles.filter((_, n) => assignment[n] === i);
      return {
        clusterId: i,
        customers: members.length,
        avgUsage: members.reduce((s, p) => s + p.averageMonthlyUsage, 0) / Math.max(1, members.length),
        centroid,
        members: members.map((p) => p.id),
      };
    })
    .filter((c) => c.customers > 0)
    .sort((a, b) => a.avgUsage - b.avgUsage)
    .map((c, i) => ({ ...c, clusterId: i + 1 }));
}
