import type * as React from 'react';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { cn } from '@/lib/utils.ts';

export interface SelectOption<T extends string = string> {
  value: T;
  label: string;
  /** Shown but not choosable (a taken slot). */
  disabled?: boolean;
}

interface SelectControlProps<T extends string> {
  id: string;
  value: T | undefined;
  options: readonly SelectOption<T>[];
  onValueChange: (value: T) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}

/** The select of every form: a Radix select over `options`, wired to its label by `id`. */
export function SelectControl<T extends string>({ id, value, options, onValueChange, placeholder, disabled, invalid, describedBy, className }: SelectControlProps<T>) {
  return (
    <Select value={value ?? ''} disabled={disabled} onValueChange={(next) => onValueChange(next as T)}>
      <SelectTrigger id={id} className={className} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A labelled select with its error message (`aria-invalid`, `aria-describedby`). */
export function SelectField<T extends string>({
  label,
  error,
  className,
  ...control
}: Omit<SelectControlProps<T>, 'invalid' | 'describedBy'> & { label: React.ReactNode; error?: string; className?: string }) {
  const errorId = `${control.id}-error`;
  return (
    <div data-slot="select-field" className={cn('grid gap-2', className)}>
      <Label htmlFor={control.id}>{label}</Label>
      <SelectControl {...control} className={undefined} invalid={Boolean(error)} describedBy={error ? errorId : undefined} />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Options from a value → label map (`PROPERTY_TYPE_LABELS`, `BILL_TYPE_LABELS`). */
export function optionsOf<T extends string>(labels: Record<T, string>): SelectOption<T>[] {
  return (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));
}
