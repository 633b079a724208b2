import { FileTextIcon, UploadCloudIcon, XIcon } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';
import { ACCEPTED_FILE_TYPES } from '../lib/file-types.ts';
import { formatFileSize } from '@/lib/format.ts';

interface FileDropZoneProps {
  file: File | null;
  disabled?: boolean;
  /** Called instead of opening the file picker (signed-out visitors get the sign-in dialog). */
  onBlockedPick?: () => boolean;
  onFile: (file: File) => void;
  onClear: () => void;
  /** What the picker offers besides bills (the upload page adds Green Button .xml and .csv). */
  alsoAccept?: string;
  /** The line under the drop target, when the page accepts more than bills. */
  hint?: string;
}

/** Drag-and-drop area with a Choose File button; shows the chosen file's name and size in MB. */
export function FileDropZone({ file, disabled, onBlockedPick, onFile, onClear, alsoAccept, hint }: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const hintId = useId();

  const blockIfNeeded = (event: MouseEvent<HTMLInputElement>) => {
    if (onBlockedPick?.()) event.preventDefault();
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setIsDragging(true);
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={handleDrop}
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors sm:p-8',
        isDragging ? 'border-primary bg-primary/5' : 'border-input',
        disabled && 'opacity-60',
      )}
    >
      {file ? (
        <div className="flex w-full items-center gap-3 rounded-lg border bg-background p-3 text-left">
          <FileTextIcon className="size-8 shrink-0 text-brand" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" data-testid="selected-file-name">
              {file.name}
            </p>
            <p className="text-sm text-muted-foreground tabular-nums">{formatFileSize(file.size)}</p>
          </div>
          <Button variant="ghost" size="icon" onClick={onClear} disabled={disabled} aria-label="Remove file">
            <XIcon aria-hidden />
          </Button>
        </div>
      ) : (
        <>
          <UploadCloudIcon className="size-10 text-brand" aria-hidden />
          <p className="font-medium">Drag and drop your bill here</p>
          <p id={hintId} className="text-sm text-muted-foreground">
            {hint ?? 'PDF, JPEG, PNG or HEIC, up to 10 MB'}
          </p>
        </>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={alsoAccept ? `${ACCEPTED_FILE_TYPES},${alsoAccept}` : ACCEPTED_FILE_TYPES}
        aria-label="Choose file"
        aria-describedby={hintId}
        className="sr-only"
        tabIndex={-1}
        disabled={disabled}
        onClick={blockIfNeeded}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onFile(chosen);
          event.target.value = '';
        }}
      />
      <Button
        variant="outline"
        disabled={disabled}
        onClick={() => {
          if (onBlockedPick?.()) return;
          inputRef.current?.click();
        }}
      >
        {file ? 'Choose Another File' : 'Choose File'}
      </Button>
    </div>
  );
}
