import { FileUpIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { BILLS_MESSAGES } from '../messages.ts';

/** Empty state (docs/design.md): what to do next, with one button. */
export function EmptyBills({ text = 'Upload a bill and we will read it, check it and show you where to save.' }: { text?: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center">
      <FileUpIcon className="size-10 text-brand" aria-hidden />
      <p className="font-medium">No bills yet</p>
      <p className="max-w-md text-sm text-muted-foreground">{text}</p>
      <Button asChild>
        <Link to="/bill-upload">{BILLS_MESSAGES.emptyAction}</Link>
      </Button>
    </div>
  );
}
