import { PlusIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { optionsOf, SelectControl, SelectField } from '@/components/ui/select-field.tsx';
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
            <SelectControl
              id={ids.property}
              className="min-w-0 flex-1 basis-48"
              value={propertyId}
              disabled={disabled || !properties?.length}
              placeholder={properties ? 'Choose a property' : 'Loading properties…'}
              options={(properties ?? []).map((property) => ({ value: property.id, label: `${property.name} · ${PROPERTY_TYPE_LABELS[property.propertyType]}` }))}
              onValueChange={(id) => {
                const property = properties?.find((item) => item.id === id);
                if (property) props.onPropertyChange(property);
              }}
            />
            <Button variant="outline" onClick={props.onAddProperty} disabled={disabled}>
              <PlusIcon aria-hidden />
              New property
            </Button>
          </div>
        </div>
      )}
      <SelectField
        id={ids.propertyType}
        label="Property type"
        value={props.propertyType}
        disabled={disabled}
        options={optionsOf(PROPERTY_TYPE_LABELS)}
        onValueChange={props.onPropertyTypeChange}
      />
      <SelectField id={ids.billType} label="Bill type" value={props.billType} disabled={disabled} options={optionsOf(BILL_TYPE_LABELS)} onValueChange={props.onBillTypeChange} />
    </div>
  );
}
