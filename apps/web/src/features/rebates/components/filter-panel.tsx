import { PROPERTY_TYPES, type RebateStatusFilter } from '@wattwise/shared/contract/rebates';
import type { RebateFilters } from '@wattwise/shared/rebates/filters';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { propertyTypeLabel } from '../lib/format.ts';

const STATUS_LABELS: Record<RebateStatusFilter, string> = { all: 'All', active: 'Active', 'expiring-soon': 'Expiring Soon' };

type Props = { filters: RebateFilters; regions: string[]; onChange: (filters: RebateFilters) => void };

/** The All Rebates filter panel: status, region text, provider, property types; at most 10 regions listed. */
export function FilterPanel({ filters, regions, onChange }: Props) {
  const set = (patch: Partial<RebateFilters>) => onChange({ ...filters, ...patch });
  const toggleType = (type: string) =>
    set({ propertyTypes: filters.propertyTypes.includes(type) ? filters.propertyTypes.filter((t) => t !== type) : [...filters.propertyTypes, type] });
  return (
    <aside aria-label="Filters" className="grid content-start gap-5 rounded-xl border bg-card p-4">
      <div className="grid gap-2">
        <Label htmlFor="filter-status">Status</Label>
        <Select value={filters.status} onValueChange={(v) => set({ status: v as RebateStatusFilter })}>
          <SelectTrigger id="filter-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(STATUS_LABELS) as RebateStatusFilter[]).map((s) => (
              <SelectItem key={s} value={s}>
                {STATUS_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="filter-region">Region</Label>
        <Input id="filter-region" value={filters.region} placeholder="State or region" onChange={(e) => set({ region: e.target.value })} />
        <div className="flex flex-wrap gap-1" role="group" aria-label="Common regions">
          {regions.map((r) => (
            <Button key={r} type="button" size="sm" variant={filters.region === r ? 'default' : 'outline'} aria-pressed={filters.region === r} onClick={() => set({ region: filters.region === r ? '' : r })}>
              {r}
            </Button>
          ))}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="filter-provider">Provider</Label>
        <Input id="filter-provider" value={filters.provider} placeholder="Utility or agency" onChange={(e) => set({ provider: e.target.value })} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Property types</legend>
        {PROPERTY_TYPES.map((t) => (
          <label key={t} className="flex min-h-11 items-center gap-2 text-sm md:min-h-8">
            <input type="checkbox" className="size-4 accent-[var(--primary)]" checked={filters.propertyTypes.includes(t)} onChange={() => toggleType(t)} />
            {propertyTypeLabel(t)}
          </label>
        ))}
      </fieldset>
    </aside>
  );
}
