import { CheckCircle2Icon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import type { PropertyType } from '@wattwise/shared/contract/common';

const COMMON_REASONS = [
  'Find savings hidden in your rate and usage',
  'Catch billing errors such as charges that do not add up',
  'Track usage and cost month by month',
  'Discover rebates and better plans for your area',
];

export function WhyScanPanel({ propertyType }: { propertyType: PropertyType }) {
  const isCommercial = propertyType === 'commercial';
  const reasons = isCommercial
    ? [...COMMON_REASONS, 'Understand demand charges and peak usage that drive business costs']
    : COMMON_REASONS;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{isCommercial ? 'Why Scan Your Business Bill?' : 'Why Scan Your Home Bill?'}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm">
          {reasons.map((reason) => (
            <li key={reason} className="flex gap-2">
              <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted-foreground">
          Processing costs about $0.003 per bill, and savings appear within 30 days.
        </p>
      </CardContent>
    </Card>
  );
}
