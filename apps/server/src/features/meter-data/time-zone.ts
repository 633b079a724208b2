import zipcodes from 'zipcodes';

/** The main IANA zone of each US state (a state split between zones gets the zone most of its people live in). */
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver', PR: 'America/Puerto_Rico',
};

/** The zone of a US service address, from its ZIP code or else its state; undefined when it names neither. */
export function zoneOfAddress(address: string | null | undefined): string | undefined {
  if (!address) return undefined;
  for (const match of address.matchAll(/\b(\d{5})(?:-?\d{4})?\b/g)) {
    const state = zipcodes.lookup(match[1]!)?.state;
    if (state && STATE_ZONES[state]) return STATE_ZONES[state];
  }
  const states = [...address.toUpperCase().matchAll(/\b([A-Z]{2})\b/g)].map((m) => m[1]!).filter((code) => STATE_ZONES[code]);
  const last = states.at(-1);
  return last ? STATE_ZONES[last] : undefined;
}
