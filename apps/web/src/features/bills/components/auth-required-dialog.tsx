import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { UPLOAD_MESSAGES } from '../upload-messages.ts';

/**
 * Shown to signed-out visitors who pick a file or press Upload (01-core §4). Sign In goes
 * home with the state the auth feature reads to open its dialog and come back here.
 */
export function AuthRequiredDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{UPLOAD_MESSAGES.authRequiredTitle}</DialogTitle>
          <DialogDescription>{UPLOAD_MESSAGES.authRequiredBody}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              onOpenChange(false);
              void navigate('/', { state: { openAuth: 'signin', returnPath: '/bill-upload' } });
            }}
          >
            Sign In
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
