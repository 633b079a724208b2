import { CameraIcon, ImageIcon, RotateCcwIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { toCapturedBillFile } from '../lib/capture-image.ts';
import { isAcceptedBillFile } from '../lib/file-types.ts';
import { UPLOAD_MESSAGES } from '../upload-messages.ts';

const TIPS = [
  'Use good lighting, without glare or shadows',
  'Put the bill on a dark background',
  'Keep the whole bill in the frame',
  'Hold the phone steady',
];

interface CameraCaptureProps {
  capturedFile: File | null;
  disabled?: boolean;
  onBlockedPick?: () => boolean;
  onCapture: (file: File) => void;
  onRetake: () => void;
}

/**
 * Phone capture panel (01-core §2): Take Photo opens the rear camera, Select Image the
 * gallery. The photo is re-encoded to `bill_capture.jpg` and previewed with Retake Photo.
 */
export function CameraCapture({ capturedFile, disabled, onBlockedPick, onCapture, onRetake }: CameraCaptureProps) {
  const cameraRef = useRef<HTMLInputElement>(null);
  const galleryRef = useRef<HTMLInputElement>(null);
  const [isConverting, setIsConverting] = useState(false);
  const previewUrl = useMemo(() => (capturedFile ? URL.createObjectURL(capturedFile) : null), [capturedFile]);

  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const handlePhoto = async (photo: File | undefined) => {
    if (!photo) return;
    setIsConverting(true);
    try {
      onCapture(await toCapturedBillFile(photo));
    } catch {
      // A browser that cannot decode the photo (HEIC outside Safari) can still send it as is:
      // the server converts HEIC. Anything else is reported.
      if (isAcceptedBillFile(photo)) onCapture(photo);
      else toast.error(UPLOAD_MESSAGES.captureFailed);
    } finally {
      setIsConverting(false);
    }
  };

  const open = (input: HTMLInputElement | null) => {
    if (onBlockedPick?.()) return;
    input?.click();
  };

  return (
    <section aria-labelledby="camera-capture-title" className="grid gap-4 rounded-xl border bg-card p-4">
      <h2 id="camera-capture-title" className="font-semibold">
        Scan with your camera
      </h2>
      {capturedFile && previewUrl ? (
        <div className="grid gap-3">
          <img src={previewUrl} alt="Captured bill preview" className="max-h-80 w-full rounded-lg border object-contain" />
          <Button variant="outline" onClick={onRetake} disabled={disabled}>
            <RotateCcwIcon aria-hidden />
            Retake Photo
          </Button>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3">
            <Button onClick={() => open(cameraRef.current)} disabled={disabled || isConverting}>
              <CameraIcon aria-hidden />
              Take Photo
            </Button>
            <Button variant="outline" onClick={() => open(galleryRef.current)} disabled={disabled || isConverting}>
              <ImageIcon aria-hidden />
              Select Image
            </Button>
          </div>
          {isConverting && (
            <p role="status" className="text-sm text-muted-foreground">
              Preparing your photo…
            </p>
          )}
          <div>
            <p className="text-sm font-medium">Tips for a clear scan</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-muted-foreground">
              {TIPS.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </div>
        </>
      )}
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        aria-label="Camera photo file"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          void handlePhoto(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <input
        ref={galleryRef}
        type="file"
        accept="image/*"
        aria-label="Gallery image file"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          void handlePhoto(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </section>
  );
}
