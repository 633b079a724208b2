import { REGION_LABELS, REGIONS, type Region } from '@wattwise/shared/calculators/regions';
import type { RegionStats } from '@wattwise/shared/contract/calculators';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, buttonVariants } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { SelectControl } from '@/components/ui/select-field.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useRegionalSavings } from '../api/calculators.ts';
import { usd } from '../lib/form.ts';
import { RegionComparison } from './region-comparison.tsx';
import { RegionMap } from './region-map.tsx';

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border bg-card p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function RegionStatsCard({ region, minUsers }: { region: RegionStats; minUsers: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2>{region.name}</h2>
          <Badge variant={region.basis === 'users' ? 'success' : 'warning'}>{region.basis === 'users' ? `From ${region.wattwiseUsers} Wattwise users` : 'Estimate'}</Badge>
        </CardTitle>
        <CardDescription>
          {region.basis === 'users'
            ? 'Averages of the recommended savings and bills of Wattwise households in this region (anonymised).'
            : `Estimated from EIA prices and use per household with our calculator’s rule; Wattwise figures appear once ${minUsers} users here have bills (now ${region.wattwiseUsers}).`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Stat label="Monthly savings" value={usd(region.monthlySavings)} />
          <Stat label="Yearly savings" value={usd(region.yearlySavings)} />
          <Stat label="Average reduction" value={pct(region.averageReduction)} />
          <Stat label="Households (EIA)" value={region.totalCustomers.toLocaleString('en-US')} />
          <Stat label="Typical monthly bill" value={usd(region.monthlyBill)} />
          <Stat label="Electric savings / mo" value={usd(region.avgElectricSavings)} />
          <Stat label="Gas savings / mo" value={region.avgGasSavings === null ? 'No data' : usd(region.avgGasSavings)} />
          <Stat label="Wattwise share / growth" value={`${pct(region.marketShare)} / ${pct(region.marketGrowth)}`} />
        </dl>
        <div className="grid gap-2">
          <h3 className="font-medium">Top companies</h3>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Utility</TableHead>
                <TableHead className="text-right">Customers</TableHead>
                <TableHead className="text-right">Price ($/kWh)</TableHead>
                <TableHead className="text-right">Est. savings / mo</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {region.topCompanies.map((c) => (
                <TableRow key={`${c.state}-${c.name}`}>
                  <TableCell>
                    {c.name} <span className="text-muted-foreground">({c.state})</span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{c.customerCount.toLocaleString('en-US')}</TableCell>
                  <TableCell className="text-right tabular-nums">{c.usdPerKwh.toFixed(3)}</TableCell>
                  <TableCell className="text-right tabular-nums">{usd(c.savings)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <p className="text-xs text-muted-foreground">Largest utilities by residential customers with a full-service price (EIA-861 2018).</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** /regional-savings (02-tools §2.6): the four-region map, region select, stats, top companies and comparison tabs. */
export function RegionalSavingsPage() {
  const query = useRegionalSavings();
  const [selected, setSelected] = useState<Region>('southeast');
  const select = (region: Region) => {
    setSelected(region);
    toast.success(`Updated data for ${REGION_LABELS[region]} region`);
  };
  const refresh = () =>
    void query.refetch().then((r) => (r.isError ? toast.error('Failed to refresh regional data') : toast.success('Regional data refreshed successfully')));
  const current = query.data?.regions.find((r) => r.region === selected);
  return (
    <section className="mx-auto grid w-full max-w-[1200px] gap-6 px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold">Regional Savings</h1>
          <p className="mt-1 text-muted-foreground">What households save across the country, from public energy data and Wattwise users.</p>
        </div>
        <Button variant="outline" onClick={refresh} disabled={query.isFetching}>
          <RefreshCw aria-hidden /> Refresh
        </Button>
      </div>
      {query.isError ? (
        <p role="alert" className="text-destructive">Failed to load regional data.</p>
      ) : !query.data || !current ? (
        <Skeleton className="h-96" />
      ) : (
        <>
          <div className="grid items-start gap-6 lg:grid-cols-[1fr_320px]">
            <RegionMap regions={query.data.regions} selected={selected} onSelect={select} />
            <div className="grid gap-1.5">
              <Label htmlFor="region-select">Region</Label>
              <SelectControl id="region-select" value={selected} options={REGIONS.map((r) => ({ value: r, label: REGION_LABELS[r] }))} onValueChange={select} />
              <p className="text-xs text-muted-foreground">Choose a region on the map or here.</p>
            </div>
          </div>
          <RegionStatsCard region={current} minUsers={query.data.minUsers} />
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Compare regions</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <RegionComparison regions={query.data.regions} selected={current} />
            </CardContent>
          </Card>
          <p className="text-xs text-muted-foreground">{query.data.sources}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/roi-calculator" className={buttonVariants()}>
              Calculate your savings
            </Link>
            <Link to="/smart-dashboard" className={buttonVariants({ variant: 'outline' })}>
              Open your smart dashboard
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
