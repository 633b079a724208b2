import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { useCreateProperty } from '../api/properties.ts';
import { PROPERTY_TYPE_LABELS } from '@/lib/bill-labels.ts';
import type { Property } from '@wattwise/shared/contract/properties';
import type { PropertyType } from '@wattwise/shared/contract/common';

interface CreatePropertyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultType: PropertyType;
  onCreated: (property: Property) => void;
}

/** Adds a property (a home, a rental, a shop) without leaving the upload screen. */
export function CreatePropertyDialog({ open, onOpenChange, defaultType, onCreated }: CreatePropertyDialogProps) {
  const createProperty = useCreateProperty();
  const [name, setName] = useState('');
  const [propertyType, setPropertyType] = useState<PropertyType>(defaultType);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), type: useId(), address: useId(), error: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Please enter a name for the property');
      return;
    }
    setError(null);
    createProperty.mutate(
      { name: name.trim(), propertyType, address: address.trim() || undefined },
      {
        onSuccess: (property) => {
          onCreated(property);
          onOpenChange(false);
          setName('');
          setAddress('');
        },
        onError: (failure) => toast.error('Failed to create property', { description: failure.message }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a property</DialogTitle>
          <DialogDescription>Bills are grouped by property, so each home or business keeps its own history.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Property name</Label>
            <Input
              id={ids.name}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. Home, Rental, Shop"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
            />
            {error && (
              <p id={ids.error} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.type}>Property type</Label>
            <Select value={propertyType} onValueChange={(value) => setPropertyType(value as PropertyType)}>
              <SelectTrigger id={ids.type}>
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
            <Label htmlFor={ids.address}>Address (optional)</Label>
            <Input id={ids.address} value={address} onChange={(event) => setAddress(event.target.value)} autoComplete="street-address" />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={createProperty.isPending}>
              {createProperty.isPending ? 'Saving…' : 'Add property'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
