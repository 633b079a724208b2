import { PlusIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { BILL_TYPE_LABELS, PROPERTY_TYPE_LABELS } from '@/lib/bill-labels.ts';
import type { BillType } from '@wattwise/shared/contract/bills';
import type { Property } from '@wattwise/shared/contract/properties';
import type { PropertyType } from '@wattwise/shared/contract/common';

interface BillOptionsProps {
  properties: Property[] | undefined;
  propertyId: string | undefined;
  propertyType: PropertyType;
  billType: BillType;
  disabled?: boolean;
  showProperties: boolean;
  onPropertyChange: (property: Property) => void;
  onPropertyTypeChange: (type: PropertyType) => void;
  onBillTypeChange: (type: BillType) => void;
  onAddProperty: () => void;
}

/** Property, property type and bill type selectors of the upload form. */
export function BillOptions(props: BillOptionsProps) {
  const ids = { property: useId(), propertyType: useId(), billType: useId() };
  const { properties, propertyId, disabled } = props;
  return (
    <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
      {props.showProperties && (
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor={ids.property}>Property</Label>
          <div className="flex flex-wrap gap-2">
            <Select
              value={propertyId ?? ''}
              disabled={disabled || !properties?.length}
              onValueChange={(id) => {
                const property = properties?.find((item) => item.id === id);
                if (property) props.onPropertyChange(property);
              }}
            >
              <SelectTrigger id={ids.property} className="min-w-0 flex-1 basis-48">
                <SelectValue placeholder={properties ? 'Choose a property' : 'Loading properties…'} />
              </SelectTrigger>
              <SelectContent>
                {properties?.map((property) => (
                  <SelectItem key={property.id} value={property.id}>
                    {property.name} · {PROPERTY_TYPE_LABELS[property.propertyType]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button variant="outline" onClick={props.onAddProperty} disabled={disabled}>
              <PlusIcon aria-hidden />
              New property
            </Button>
          </div>
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={ids.propertyType}>Property type</Label>
        <Select
          value={props.propertyType}
          disabled={disabled}
          onValueChange={(value) => props.onPropertyTypeChange(value as PropertyType)}
        >
          <SelectTrigger id={ids.propertyType}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.entries(PROPERTY_TYPE_LABELS).map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.billType}>Bill type</Label>
        <Select value={props.billType} disabled={disabled} onValueChange={(value) => props.onBillTypeChange(value as BillType)}>
          <SelectTrigger id={ids.billType}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.entries(BILL_TYPE_LABELS).map(([value, label]) => (
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
