import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';

interface TextareaFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** The message shown under the field, and announced with it, while the input is refused. */
  error?: string | null;
}

/** A labelled text area with its error message wired to it (aria-invalid, aria-describedby). */
export function TextareaField({ id, label, value, onChange, placeholder, error }: TextareaFieldProps) {
  const errorId = `${id}-error`;
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );
}
