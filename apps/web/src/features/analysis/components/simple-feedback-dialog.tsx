import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { optionsOf, SelectField } from '@/components/ui/select-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { validateSimpleFeedback } from '../lib/feedback-validation.ts';
import { FeedbackFooter } from './feedback-footer.tsx';
import { useSendFeedback } from './use-send-feedback.ts';
import type { FeedbackEntityType, FeedbackType } from '@wattwise/shared/contract/feedback';

const TYPE_LABELS: Record<FeedbackType, string> = {
  correction: 'Correction',
  improvement: 'Improvement',
  inaccuracy: 'Inaccuracy',
};

interface SimpleFeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entityType: FeedbackEntityType;
  entityId: string;
  originalValue?: string;
  title: string;
}

/** Simple feedback dialog (01-core §5): a correction (for type correction) or an explanation. */
export function SimpleFeedbackDialog({ open, onOpenChange, entityType, entityId, originalValue, title }: SimpleFeedbackDialogProps) {
  const [type, setType] = useState<FeedbackType>('improvement');
  const [correction, setCorrection] = useState('');
  const [explanation, setExplanation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { type: useId(), correction: useId(), explanation: useId(), error: useId() };

  const reset = () => {
    setType('improvement');
    setCorrection('');
    setExplanation('');
    setError(null);
  };
  const { send, pending } = useSendFeedback(() => {
    reset();
    onOpenChange(false);
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateSimpleFeedback(type, correction, explanation);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    send({ entityType, entityId, originalValue, ...result.payload });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Feedback</DialogTitle>
          <DialogDescription>{title}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
          <SelectField id={ids.type} label="Feedback type" value={type} options={optionsOf(TYPE_LABELS)} onValueChange={setType} />
          {type === 'correction' && (
            <div className="grid gap-2">
              <Label htmlFor={ids.correction}>Correct value</Label>
              <Input
                id={ids.correction}
                value={correction}
                onChange={(event) => setCorrection(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? ids.error : undefined}
              />
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor={ids.explanation}>Explanation</Label>
            <Textarea
              id={ids.explanation}
              value={explanation}
              onChange={(event) => setExplanation(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
            />
          </div>
          {error && (
            <p id={ids.error} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <FeedbackFooter pending={pending} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
