import { useId } from 'react';
import { optionsOf, SelectField } from '@/components/ui/select-field.tsx';
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
      <SelectField
        className="gap-1.5"
        id={ids.property}
        label="Property"
        value={propertyId}
        options={[{ value: ALL, label: 'All properties' }, ...(properties ?? []).map((property) => ({ value: property.id, label: property.name }))]}
        onValueChange={onPropertyChange}
      />
      <SelectField
        className="gap-1.5"
        id={ids.type}
        label="Property type"
        value={propertyType}
        options={[{ value: ALL, label: 'All property types' }, ...optionsOf(PROPERTY_TYPE_LABELS)]}
        onValueChange={onPropertyTypeChange}
      />
    </div>
  );
}
