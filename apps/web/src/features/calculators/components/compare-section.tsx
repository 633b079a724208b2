import { REGION_LABELS, REGIONS, type Region } from '@wattwise/shared/calculators/regions';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useStateRates } from '../api/calculators.ts';

/** Compare: residential electricity and gas prices by state (EIA), a region at a time, your state marked. */
export function CompareSection({ state }: { state: string | null }) {
  const rates = useStateRates();
  const own = rates.data?.states.find((s) => s.state === state);
  const [region, setRegion] = useState<Region>(own?.region ?? 'southeast');
  const rows = (rates.data?.states ?? []).filter((s) => s.region === region).sort((a, b) => a.electricUsdPerKwh - b.electricUsdPerKwh);
  return (
    <section aria-labelledby="compare-title" className="grid gap-4">
      <h2 id="compare-title" className="text-2xl font-semibold">
        Compare rates
      </h2>
      <p className="text-sm text-muted-foreground">Residential prices by state, U.S. EIA (electricity 2023, Wyoming 2018; natural gas 2021–2022).</p>
      <div role="group" aria-label="Region" className="flex flex-wrap gap-2">
        {REGIONS.map((r) => (
          <Button key={r} size="sm" variant={r === region ? 'default' : 'outline'} aria-pressed={r === region} onClick={() => setRegion(r)}>
            {REGION_LABELS[r]}
          </Button>
        ))}
      </div>
      {rates.isError ? (
        <p role="alert" className="text-destructive">Failed to load the state rates.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>State</TableHead>
              <TableHead className="text-right">Electricity ($/kWh)</TableHead>
              <TableHead className="text-right">Natural gas ($/therm)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((s) => (
              <TableRow key={s.state} aria-current={s.state === state ? 'true' : undefined} className={s.state === state ? 'bg-primary/10 font-medium' : undefined}>
                <TableCell>
                  {s.name}
                  {s.state === state && ' (you)'}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {s.electricUsdPerKwh.toFixed(3)}
                  {s.electricYear !== 2023 && <span className="text-muted-foreground"> ({s.electricYear})</span>}
                </TableCell>
                <TableCell className="text-right tabular-nums">{s.gasUsdPerTherm.toFixed(2)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
