import type { BillType, UsageUnit } from '../types.ts';

const VOCABULARY: Array<[Exclude<BillType, 'other'>, RegExp]> = [
  ['electricity', /\b(?:kwh|kilowatt|electric(?:ity)?|power|hydro|transmission|distribution charge|fuel (?:cost|charge)|demand charge|peak)\b/gi],
  ['natural_gas', /\b(?:natural gas|therms?|gas (?:supply|delivery|service|charge)|ccf|pipeline|dth|m³)\b/gi],
  ['water', /\b(?:water|sewer|wastewater|stormwater|gallons|kgal|hcf)\b/gi],
  ['internet', /\b(?:internet|wi-?fi|broadband|mbps|gbps|modem|router|gateway|streaming|cable tv|data usage|fiber)\b/gi],
];

/**
 * The bill's service: the usage unit decides when it is specific (kWh, therms, gallons, GB);
 * otherwise the provider's main service and the bill's vocabulary.
 */
export function guessBillType(
  text: string,
  unit: UsageUnit | null,
  providerType: BillType | 'multi' | null,
): { value: BillType; confidence: number } {
  const counts = new Map<BillType, number>();
  for (const [type, re] of VOCABULARY) counts.set(type, (text.match(re) ?? []).length);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const vocab = top[0] && top[0][1] > 0 ? top[0][0] : null;

  switch (unit) {
    case 'kWh':
      return { value: 'electricity', confidence: 0.95 };
    case 'therms':
      return { value: 'natural_gas', confidence: 0.95 };
    case 'gallons':
      return { value: 'water', confidence: 0.9 };
    case 'GB':
      return { value: 'internet', confidence: 0.95 };
    case 'CCF':
    case 'm3': {
      // Cubic volumes are sold for both gas and water: let the words decide.
      const gas = counts.get('natural_gas') ?? 0;
      const water = counts.get('water') ?? 0;
      if (providerType === 'water' || providerType === 'natural_gas') return { value: providerType, confidence: 0.9 };
      return { value: gas >= water ? 'natural_gas' : 'water', confidence: 0.75 };
    }
    case null:
      break;
  }
  if (providerType && providerType !== 'multi') return { value: providerType, confidence: 0.85 };
  if (vocab) return { value: vocab, confidence: 0.6 };
  return { value: 'other', confidence: 0.3 };
}
