import { FAQ_GROUPS } from '@wattwise/shared/content/faq';

/**
 * The small full-text index the offline engine answers general questions from: the FAQ (one
 * source with the FAQ page, packages/shared/content/faq) and energy-saving guidance. Scored
 * BM25-style over word stems; no figures are added here beyond what the FAQ itself states.
 */

export type GuidanceEntry = { title: string; text: string; source: 'faq' | 'guidance'; href: string };

const GUIDANCE: readonly Omit<GuidanceEntry, 'source' | 'href'>[] = [
  { title: 'Heating and cooling', text: 'Heating and cooling are usually the largest part of a home energy bill. Set the thermostat a little lower in winter and higher in summer, use a programmable or smart thermostat, and service the system every year.' },
  { title: 'Peak hours', text: 'On time-of-use rates electricity costs more during peak hours in the late afternoon and evening. Run the dishwasher, washer and dryer outside peak hours to lower the bill.' },
  { title: 'Lighting', text: 'Replace incandescent bulbs with LED lighting; LEDs use far less electricity and last much longer. Turn lights off in empty rooms.' },
  { title: 'Standby power', text: 'Electronics on standby draw power all day. Use smart power strips and unplug chargers and devices you are not using.' },
  { title: 'Water heating', text: 'Lower the water heater temperature, fix dripping taps, and use low-flow shower heads to cut water and water-heating costs.' },
  { title: 'Insulation and air sealing', text: 'Seal drafts around windows and doors and add insulation in the attic to keep heating and cooling in. Weatherstripping is a cheap first step.' },
  { title: 'Heat pumps', text: 'A heat pump heats and cools with electricity far more efficiently than resistance heat or an old furnace. Rebates and tax credits often cover part of the cost: ask about rebates.' },
  { title: 'Reading your bill', text: 'Your bill shows the amount due, the due date, the service period and how much energy you used. Charges split into a fixed customer charge, energy charges per kWh or therm, and taxes and fees.' },
  { title: 'Why a bill goes up', text: 'A bill rises with more usage (weather, new appliances, more people at home), a longer billing period, a higher rate, or a carried balance or late fee. Compare usage and days in the period first.' },
  { title: 'Uploading bills', text: 'Upload each monthly bill (PDF, JPG, PNG or HEIC) from the Upload page; with a few months of bills Wattwise can show trends, compare months and spot anomalies.' },
];

export const GUIDANCE_ENTRIES: readonly GuidanceEntry[] = [
  ...FAQ_GROUPS.flatMap((group) => group.items.map((item) => ({ title: item.question, text: item.answer, source: 'faq' as const, href: '/faq' }))),
  ...GUIDANCE.map((g) => ({ ...g, source: 'guidance' as const, href: '/ai-assistant' })),
];

const STOP = new Set('a an and are at be can do does for from how i in is it me my of on or the to what when where which who why will with you your'.split(' '));

/** Lower-cased word stems without stop words ('bills' and 'billing' both become 'bill'). */
export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).map((w) => w.replace(/(ing|ed|es|s)$/, '').slice(0, 8) || w);
}

type Doc = { entry: GuidanceEntry; tf: Map<string, number>; length: number };

function buildIndex(entries: readonly GuidanceEntry[]) {
  const docs: Doc[] = entries.map((entry) => {
    const words = terms(`${entry.title} ${entry.title} ${entry.text}`);
    const tf = new Map<string, number>();
    for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
    return { entry, tf, length: words.length };
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const w of d.tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const avg = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length);
  return { docs, df, avg };
}

const INDEX = buildIndex(GUIDANCE_ENTRIES);

/** The best entries for a question (above a small score), best first; only of one source when asked. */
export function searchGuidance(question: string, limit = 2, source?: GuidanceEntry['source']): GuidanceEntry[] {
  const query = [...new Set(terms(question))];
  const n = INDEX.docs.length;
  return INDEX.docs
    .map((d) => {
      let score = 0;
      for (const w of query) {
        const f = d.tf.get(w);
        if (!f) continue;
        const idf = Math.log(1 + (n - (INDEX.df.get(w) ?? 0) + 0.5) / ((INDEX.df.get(w) ?? 0) + 0.5));
        score += (idf * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.length) / INDEX.avg));
      }
      return { entry: d.entry, score };
    })
    .filter((r) => r.score > 0.5 && (!source || r.entry.source === source))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((r) => r.entry);
}
