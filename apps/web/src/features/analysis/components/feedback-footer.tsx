import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';

/** Cancel and Submit Feedback, the footer of both feedback dialogs (01-core §5). */
export function FeedbackFooter({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Sending…' : 'Submit Feedback'}
      </Button>
    </DialogFooter>
  );
}
