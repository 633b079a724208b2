import { useId } from 'react';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { PROPERTY_TYPE_LABELS } from '@/lib/bill-labels.ts';
import type { Property } from '@wattwise/shared/contract/properties';
import type { PropertyType } from '@wattwise/shared/contract/common';

export const ALL = 'all';

interface PropertyFilterProps {
  properties: Property[] | undefined;
  propertyId: string;
  propertyType: PropertyType | typeof ALL;
  onPropertyChange: (id: string) => void;
  onPropertyTypeChange: (type: PropertyType | typeof ALL) => void;
}

/** Filters the dashboard by property and by property type. */
export function PropertyFilter({ properties, propertyId, propertyType, onPropertyChange, onPropertyTypeChange }: PropertyFilterProps) {
  const ids = { property: useId(), type: useId() };
  return (
    <div className="grid gap-3 sm:grid-cols-2 md:w-[32rem]">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.property}>Property</Label>
        <Select value={propertyId} onValueChange={onPropertyChange}>
          <SelectTrigger id={ids.property}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All properties</SelectItem>
            {properties?.map((property) => (
              <SelectItem key={property.id} value={property.id}>
                {property.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.type}>Property type</Label>
        <Select value={propertyType} onValueChange={(value) => onPropertyTypeChange(value as PropertyType | typeof ALL)}>
          <SelectTrigger id={ids.type}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All property types</SelectItem>
            {Object.entries(PROPERTY_TYPE_LABELS).map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
