import type { Rebate } from '@wattwise/shared/contract/rebates';
import { visiblePropertyTypes } from '@wattwise/shared/rebates/filters';
import { CalendarIcon, ExternalLinkIcon, MapPinIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { formatDay, propertyTypeLabel, wholeDollars } from '../lib/format.ts';
import { openApplication } from './apply-actions.ts';

/** A catalogue card of the All Rebates grid: at most 3 property types plus the overflow count. */
export function RebateCard({ rebate, onTrack }: { rebate: Rebate; onTrack?: (rebate: Rebate) => void }) {
  const types = visiblePropertyTypes(rebate.propertyTypes);
  return (
    <Card className="flex h-full flex-col" aria-label={rebate.programName} role="article">
      <CardHeader className="gap-1">
        <p className="text-xs font-medium text-muted-foreground">{rebate.provider}</p>
        <CardTitle className="text-base leading-snug">{rebate.programName}</CardTitle>
      </CardHeader>
      <CardContent className="grid flex-1 gap-3 text-sm">
        <div>
          <p className="text-xs font-medium text-muted-foreground">Up to</p>
          <p className="text-2xl font-semibold text-primary tabular-nums">{wholeDollars(rebate.monetaryValue)}</p>
        </div>
        <p className="line-clamp-3 text-muted-foreground">{rebate.description}</p>
        <div className="flex flex-wrap gap-1">
          {types.shown.map((t) => (
            <Badge key={t} variant="secondary">
              {propertyTypeLabel(t)}
            </Badge>
          ))}
          {types.overflow > 0 && <Badge variant="outline">+{types.overflow}</Badge>}
        </div>
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <MapPinIcon className="size-3.5" aria-hidden />
          {rebate.regions.length > 0 ? rebate.regions.join(', ') : 'All States'}
        </p>
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <CalendarIcon className="size-3.5" aria-hidden />
          {rebate.expirationDate ? `Expires ${formatDay(rebate.expirationDate)}` : 'No expiration date'}
        </p>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => openApplication(rebate)}>
          Apply Now <ExternalLinkIcon aria-hidden />
        </Button>
        {onTrack && (
          <Button size="sm" variant="outline" onClick={() => onTrack(rebate)}>
            Track application
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
