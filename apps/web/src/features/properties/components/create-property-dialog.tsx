import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createPropertySchema, type CreatePropertyInput, type Property } from '@wattwise/shared/contract/properties';
import type { PropertyType } from '@wattwise/shared/contract/common';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { optionsOf, SelectField } from '@/components/ui/select-field.tsx';
import { PROPERTY_TYPE_LABELS } from '@/lib/bill-labels.ts';
import { useCreateProperty } from '../api/properties.ts';

interface CreatePropertyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultType: PropertyType;
  onCreated: (property: Property) => void;
  /** Told when the server refuses (the caller shows it: a toast). */
  onFailed: (error: Error) => void;
}

type CreatePropertyValues = z.output<typeof createPropertySchema>;

/** Adds a property (a home, a rental, a shop) without leaving the upload screen; the contract's schema checks the form. */
export function CreatePropertyDialog({ open, onOpenChange, defaultType, onCreated, onFailed }: CreatePropertyDialogProps) {
  const createProperty = useCreateProperty();
  const ids = { name: useId(), type: useId(), address: useId(), error: useId() };
  const { register, control, handleSubmit, reset, formState } = useForm<CreatePropertyInput, unknown, CreatePropertyValues>({
    resolver: zodResolver(createPropertySchema),
    defaultValues: { name: '', propertyType: defaultType, address: '' },
  });
  const nameError = formState.errors.name?.message;

  const submit = handleSubmit((values) =>
    createProperty.mutate(
      { name: values.name, propertyType: values.propertyType, address: values.address || undefined },
      {
        onSuccess: (property) => {
          onCreated(property);
          onOpenChange(false);
          reset({ name: '', propertyType: defaultType, address: '' });
        },
        onError: onFailed,
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a property</DialogTitle>
          <DialogDescription>Bills are grouped by property, so each home or business keeps its own history.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Property name</Label>
            <Input
              id={ids.name}
              placeholder="e.g. Home, Rental, Shop"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? ids.error : undefined}
              {...register('name')}
            />
            {nameError && (
              <p id={ids.error} role="alert" className="text-sm text-destructive">
                {nameError}
              </p>
            )}
          </div>
          <Controller
            control={control}
            name="propertyType"
            render={({ field }) => (
              <SelectField id={ids.type} label="Property type" value={field.value} options={optionsOf(PROPERTY_TYPE_LABELS)} onValueChange={field.onChange} />
            )}
          />
          <div className="grid gap-2">
            <Label htmlFor={ids.address}>Address (optional)</Label>
            <Input id={ids.address} autoComplete="street-address" {...register('address')} />
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
