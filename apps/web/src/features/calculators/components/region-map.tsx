import type { Region } from '@wattwise/shared/calculators/regions';
import type { RegionStats } from '@wattwise/shared/contract/calculators';
import type { KeyboardEvent } from 'react';
import { cn } from '@/lib/utils.ts';
import { usd } from '../lib/form.ts';

/** Our own simplified drawing of the four regions (not to scale). */
const SHAPES: Record<Region, { points: string; label: [number, number] }> = {
  west: { points: '10,40 150,30 155,130 145,205 60,210 15,150', label: [80, 120] },
  midwest: { points: '150,30 285,35 295,120 155,130', label: [222, 82] },
  northeast: { points: '285,35 380,20 392,70 330,110 295,120', label: [340, 66] },
  southeast: { points: '155,130 295,120 330,110 372,150 345,232 300,200 200,215 145,205', label: [255, 170] },
};

/** The four-region map: each region is a button (Tab to reach, Enter or Space to choose). */
export function RegionMap({ regions, selected, onSelect }: { regions: RegionStats[]; selected: Region; onSelect: (region: Region) => void }) {
  const onKey = (region: Region) => (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(region);
    }
  };
  return (
    <svg viewBox="0 0 400 245" className="w-full max-w-xl" role="group" aria-label="Map of the four regions">
      {regions.map((r) => {
        const shape = SHAPES[r.region];
        const active = r.region === selected;
        return (
          <g
            key={r.region}
            role="button"
            tabIndex={0}
            aria-pressed={active}
            aria-label={`${r.name} ${usd(r.monthlySavings)}/mo`}
            onClick={() => onSelect(r.region)}
            onKeyDown={onKey(r.region)}
            className="group cursor-pointer outline-none"
          >
            <polygon
              points={shape.points}
              className={cn(
                'stroke-background stroke-2 transition-colors group-hover:fill-primary/60 group-focus-visible:stroke-ring group-focus-visible:stroke-[4]',
                active ? 'fill-primary' : 'fill-muted-foreground/30',
              )}
            />
            <text x={shape.label[0]} y={shape.label[1]} textAnchor="middle" className={cn('pointer-events-none text-[13px] font-semibold', active ? 'fill-primary-foreground' : 'fill-foreground')}>
              {r.name}
            </text>
            <text x={shape.label[0]} y={shape.label[1] + 16} textAnchor="middle" className={cn('pointer-events-none text-[11px] tabular-nums', active ? 'fill-primary-foreground' : 'fill-foreground')}>
              {usd(r.monthlySavings)}/mo
            </text>
          </g>
        );
      })}
    </svg>
  );
}
