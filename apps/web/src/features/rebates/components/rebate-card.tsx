import type { Rebate } from '@wattwise/shared/contract/rebates';
import { visiblePropertyTypes } from '@wattwise/shared/rebates/filters';
import { ExternalLinkIcon, MapPinIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card.tsx';
import { propertyTypeLabel } from '../lib/format.ts';
import { openApplication } from './apply-actions.ts';
import { ExpiryLine, HeadlineAmount, ProgramHeading } from './rebate-card-parts.tsx';

/** A catalogue card of the All Rebates grid: at most 3 property types plus the overflow count. */
export function RebateCard({ rebate, onTrack }: { rebate: Rebate; onTrack?: (rebate: Rebate) => void }) {
  const types = visiblePropertyTypes(rebate.propertyTypes);
  return (
    <Card className="flex h-full flex-col" aria-label={rebate.programName} role="article">
      <CardHeader className="gap-1">
        <ProgramHeading rebate={rebate} />
      </CardHeader>
      <CardContent className="grid flex-1 gap-3 text-sm">
        <HeadlineAmount label="Up to" dollars={rebate.monetaryValue} />
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
        <ExpiryLine rebate={rebate} />
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
