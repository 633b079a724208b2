// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { EMPTY_FILTERS, type RebateFilters } from '@wattwise/shared/rebates/filters';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render.tsx';
import { FilterPanel } from './filter-panel.tsx';

function Harness({ seen }: { seen: RebateFilters[] }) {
  const [filters, setFilters] = useState(EMPTY_FILTERS);
  return (
    <FilterPanel
      filters={filters}
      regions={['California', 'Texas']}
      onChange={(next) => {
        seen.push(next);
        setFilters(next);
      }}
    />
  );
}

describe('FilterPanel', () => {
  it('a region button selects the region and a second press clears it', async () => {
    const seen: RebateFilters[] = [];
    const { user } = renderScreen(<Harness seen={seen} />);
    const texas = screen.getByRole('button', { name: 'Texas' });
    await user.click(texas);
    expect(texas.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('Region')).toHaveProperty('value', 'Texas');
    await user.click(texas);
    expect(texas.getAttribute('aria-pressed')).toBe('false');
    expect(seen.map((f) => f.region)).toEqual(['Texas', '']);
  });

  it('property types toggle in and out of the filter', async () => {
    const seen: RebateFilters[] = [];
    const { user } = renderScreen(<Harness seen={seen} />);
    const first = screen.getAllByRole('checkbox')[0]!;
    await user.click(first);
    await user.click(first);
    expect(seen.map((f) => f.propertyTypes.length)).toEqual([1, 0]);
  });
});
