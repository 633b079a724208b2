import { DownloadIcon, ExternalLinkIcon, ZoomInIcon, ZoomOutIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useBillPages } from '../api/bills.ts';
import type { BillDetail } from '@wattwise/shared/contract/bills';

const ZOOM_LEVELS = [1, 1.5, 2, 3] as const;

/**
 * The uploaded bill as the user sent it. A PDF is shown as page images the server renders: the
 * browser's PDF viewer would run any JavaScript inside an uploaded file, so a PDF is never
 * framed or opened by it (the file itself is offered as a download). Photos show as they are.
 */
export function OriginalFile({ bill }: { bill: Pick<BillDetail, 'id' | 'fileUrl' | 'mimeType' | 'fileName'> }) {
  const isPdf = bill.mimeType === 'application/pdf';
  const pages = useBillPages(bill.id, { enabled: isPdf });
  const [zoomIndex, setZoomIndex] = useState(0);
  const zoom = ZOOM_LEVELS[zoomIndex] ?? 1;
  // The sharper rendering once the page is drawn larger than the screen-sized one.
  const scale = zoom > 1 ? 2 : 1;
  const pageCount = pages.data?.length ?? 0;

  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-1" role="toolbar" aria-label="Zoom">
        <Button variant="outline" size="icon" aria-label="Zoom out" disabled={zoomIndex === 0} onClick={() => setZoomIndex((i) => Math.max(0, i - 1))}>
          <ZoomOutIcon aria-hidden />
        </Button>
        <output className="w-14 text-center text-sm tabular-nums" aria-live="polite">
          {Math.round(zoom * 100)}%
        </output>
        <Button
          variant="outline"
          size="icon"
          aria-label="Zoom in"
          disabled={zoomIndex === ZOOM_LEVELS.length - 1}
          onClick={() => setZoomIndex((i) => Math.min(ZOOM_LEVELS.length - 1, i + 1))}
        >
          <ZoomInIcon aria-hidden />
        </Button>
      </div>
      {/* Focusable, so the pages can be scrolled from the keyboard when zoomed in. */}
      <div
        role="region"
        aria-label={`Pages of ${bill.fileName}`}
        tabIndex={0}
        className="max-h-[48rem] overflow-auto rounded-lg border bg-muted/40 p-2 focus-visible:outline-2 focus-visible:outline-ring"
        data-slot="bill-pages"
      >
        <div className="grid gap-2" style={{ width: `${zoom * 100}%` }}>
          {!isPdf && <img src={bill.fileUrl} alt={`Original bill: ${bill.fileName}`} className="w-full rounded bg-background" />}
          {isPdf && pages.isPending && <Skeleton className="aspect-[8.5/11] w-full" />}
          {isPdf && pages.isError && <p className="p-4 text-sm text-muted-foreground">The pages of this bill cannot be shown. You can still download the file.</p>}
          {pages.data?.map((page) => (
            <img
              key={page.number}
              src={`${page.url}?scale=${scale}`}
              alt={pageCount > 1 ? `Original bill: ${bill.fileName}, page ${page.number} of ${pageCount}` : `Original bill: ${bill.fileName}`}
              width={page.width || undefined}
              height={page.height || undefined}
              loading={page.number > 1 ? 'lazy' : 'eager'}
              className="h-auto w-full rounded bg-white shadow-sm"
            />
          ))}
        </div>
      </div>
      {isPdf ? (
        <a href={bill.fileUrl} download={bill.fileName} className="flex w-fit items-center gap-1 text-sm text-accent hover:underline">
          Download the original PDF
          <DownloadIcon className="size-3.5" aria-hidden />
        </a>
      ) : (
        <a href={bill.fileUrl} target="_blank" rel="noreferrer" className="flex w-fit items-center gap-1 text-sm text-accent hover:underline">
          Open the original file
          <ExternalLinkIcon className="size-3.5" aria-hidden />
        </a>
      )}
    </div>
  );
}
