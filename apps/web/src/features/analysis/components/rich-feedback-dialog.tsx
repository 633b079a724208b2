import { StarIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { cn } from '@/lib/utils.ts';
import { validateRichFeedback, type RichFeedbackTab, type RichFeedbackValues } from '../lib/feedback-validation.ts';
import { FeedbackFooter } from './feedback-footer.tsx';
import { useSendFeedback } from './use-send-feedback.ts';
import type { FeedbackEntityType } from '@wattwise/shared/contract/feedback';

const EMPTY: RichFeedbackValues = { correction: '', rating: 0, comment: '', suggestion: '' };

interface RichFeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entityType: FeedbackEntityType;
  entityId: string;
  originalValue?: string;
}

/** Feedback on an analysis (01-core §4, §5): tabs Correction, Rating and Suggestion. */
export function RichFeedbackDialog({ open, onOpenChange, entityType, entityId, originalValue }: RichFeedbackDialogProps) {
  const [tab, setTab] = useState<RichFeedbackTab>('correction');
  const [values, setValues] = useState<RichFeedbackValues>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const ids = { correction: useId(), comment: useId(), ratingComment: useId(), suggestion: useId(), error: useId() };
  const set = (patch: Partial<RichFeedbackValues>) => setValues((current) => ({ ...current, ...patch }));

  const close = () => {
    setValues(EMPTY);
    setError(null);
    setTab('correction');
    onOpenChange(false);
  };
  const { send, pending } = useSendFeedback(() => close());

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateRichFeedback(tab, values);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    send({ entityType, entityId, originalValue, ...result.payload });
  };

  const errorProps = error ? { 'aria-invalid': true, 'aria-describedby': ids.error } : {};

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Help us improve this analysis</DialogTitle>
          <DialogDescription>Correct a value, rate the analysis or suggest what would make it more useful.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
          <Tabs
            value={tab}
            onValueChange={(next) => {
              setTab(next as RichFeedbackTab);
              setError(null);
            }}
          >
            <TabsList>
              <TabsTrigger value="correction">Correction</TabsTrigger>
              <TabsTrigger value="rating">Rating</TabsTrigger>
              <TabsTrigger value="suggestion">Suggestion</TabsTrigger>
            </TabsList>
            <TabsContent value="correction" className="grid gap-3">
              <div className="grid gap-2">
                <Label htmlFor={ids.correction}>Correct value</Label>
                <Input id={ids.correction} value={values.correction} onChange={(event) => set({ correction: event.target.value })} {...errorProps} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={ids.comment}>Notes (optional)</Label>
                <Textarea id={ids.comment} value={values.comment} onChange={(event) => set({ comment: event.target.value })} />
              </div>
            </TabsContent>
            <TabsContent value="rating" className="grid gap-3">
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium">How useful was this analysis?</legend>
                <div className="flex gap-1" role="radiogroup" aria-label="Rating" {...errorProps}>
                  {[1, 2, 3, 4, 5].map((star) => (
                    <button
                      key={star}
                      type="button"
                      role="radio"
                      aria-checked={values.rating === star}
                      aria-label={`${star} out of 5`}
                      onClick={() => set({ rating: star })}
                      className="inline-flex size-11 items-center justify-center rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
                    >
                      <StarIcon
                        className={cn('size-6', star <= values.rating ? 'fill-warning text-warning' : 'text-muted-foreground')}
                        aria-hidden
                      />
                    </button>
                  ))}
                </div>
              </fieldset>
              <div className="grid gap-2">
                <Label htmlFor={ids.ratingComment}>Comment (optional)</Label>
                <Textarea id={ids.ratingComment} value={values.comment} onChange={(event) => set({ comment: event.target.value })} />
              </div>
            </TabsContent>
            <TabsContent value="suggestion" className="grid gap-2">
              <Label htmlFor={ids.suggestion}>Your suggestion</Label>
              <Textarea id={ids.suggestion} value={values.suggestion} onChange={(event) => set({ suggestion: event.target.value })} {...errorProps} />
            </TabsContent>
          </Tabs>
          {error && (
            <p id={ids.error} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <FeedbackFooter pending={pending} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
