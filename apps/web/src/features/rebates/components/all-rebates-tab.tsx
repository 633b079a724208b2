import type { Rebate } from '@wattwise/shared/contract/rebates';
import { EMPTY_FILTERS, filterRebates, isoDay, type RebateFilters, topRegions } from '@wattwise/shared/rebates/filters';
import { SearchXIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useDebounced } from '../lib/use-debounced.ts';
import { FilterPanel } from './filter-panel.tsx';
import { RebateCard } from './rebate-card.tsx';

type Props = { rebates: Rebate[] | undefined; onTrack?: (rebate: Rebate) => void };

/** All Rebates: the filter panel beside the card grid (skeleton of 6, empty state with tips). */
export function AllRebatesTab({ rebates, onTrack }: Props) {
  const [filters, setFilters] = useState<RebateFilters>(EMPTY_FILTERS);
  const settled = useDebounced(filters, 300);
  const today = isoDay(new Date());
  const shown = useMemo(() => (rebates ? filterRebates(rebates, settled, today) : []), [rebates, settled, today]);
  const regions = useMemo(() => topRegions(rebates ?? []), [rebates]);
  return (
    <div className="grid gap-6 md:grid-cols-[260px_1fr]">
      <FilterPanel filters={filters} regions={regions} onChange={setFilters} />
      <div>
        {!rebates ? (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading rebates">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-72" />
            ))}
          </div>
        ) : shown.length === 0 ? (
          <Card>
            <CardContent className="grid justify-items-center gap-3 py-10 text-center">
              <SearchXIcon className="size-10 text-muted-foreground" aria-hidden />
              <h2 className="text-lg font-semibold">No rebates found</h2>
              <ul className="text-sm text-muted-foreground">
                <li>Try a state name such as “Georgia”, or clear the region.</li>
                <li>Check the provider spelling, or search part of the name.</li>
                <li>Choose All under Status to see every open programme.</li>
              </ul>
              <Button variant="outline" onClick={() => setFilters(EMPTY_FILTERS)}>
                Clear filters
              </Button>
            </CardContent>
          </Card>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
              {shown.length} {shown.length === 1 ? 'rebate' : 'rebates'}
            </p>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((r) => (
                <li key={r.id}>
                  <RebateCard rebate={r} onTrack={onTrack} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
