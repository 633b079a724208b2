import type { Rebate } from '../contract/rebates.ts';

/** A catalogue entry for tests: open everywhere, no rules, unless overridden. */
export function makeRebate(overrides: Partial<Rebate> & { id: string }): Rebate {
  return {
    programName: overrides.id,
    description: '',
    provider: 'Test Energy',
    monetaryValue: 500,
    applicationUrl: null,
    startDate: null,
    expirationDate: null,
    category: 'smart_thermostat',
    propertyTypes: ['residential'],
    regions: [],
    eligibilityCriteria: {},
    typicalProjectCost: null,
    sourceUrl: 'https://example.org',
    origin: 'catalogue',
    ...overrides,
  };
}
