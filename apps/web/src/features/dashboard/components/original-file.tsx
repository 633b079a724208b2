import { ExternalLinkIcon } from 'lucide-react';
import type { BillDetail } from '../types.ts';

/** The uploaded bill as the user sent it: PDFs in a frame, photos as an image. */
export function OriginalFile({ bill }: { bill: Pick<BillDetail, 'fileUrl' | 'mimeType' | 'fileName'> }) {
  const isPdf = bill.mimeType === 'application/pdf';
  return (
    <div className="grid gap-2">
      {isPdf ? (
        <iframe title={`Original bill: ${bill.fileName}`} src={bill.fileUrl} className="h-[36rem] w-full rounded-lg border bg-background" />
      ) : (
        <img src={bill.fileUrl} alt={`Original bill: ${bill.fileName}`} className="max-h-[36rem] w-full rounded-lg border object-contain" />
      )}
      <a href={bill.fileUrl} target="_blank" rel="noreferrer" className="flex w-fit items-center gap-1 text-sm text-accent hover:underline">
        Open the original file
        <ExternalLinkIcon className="size-3.5" aria-hidden />
      </a>
    </div>
  );
}
