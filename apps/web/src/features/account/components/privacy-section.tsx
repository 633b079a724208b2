import { useState } from 'react';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES } from '@wattwise/shared/contract/account';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { formatFileSize } from '@/lib/format.ts';
import { useDeleteAccount, useExports, useRequestExport } from '../api/account.ts';
import { errorText, Section } from './section.tsx';

/** 'Download my data': an archive built in the background, downloadable for 24 hours. */
function DownloadMyData() {
  const exports = useExports();
  const request = useRequestExport();
  const latest = exports.data?.[0];
  return (
    <div className="grid gap-2">
      <h3 className="font-medium">Download my data</h3>
      <p className="text-sm text-muted-foreground">A zip archive of everything we hold about you: your account, every record you own and the bill files you uploaded.</p>
      <Button
        className="justify-self-start"
        variant="outline"
        disabled={request.isPending || latest?.status === 'queued'}
        onClick={() => request.mutate(undefined, { onSuccess: () => toast.success(ACCOUNT_MESSAGES.exportQueued), onError: (error) => toast.error(errorText(error, 'Could not start the export')) })}
      >
        Download my data
      </Button>
      {latest?.status === 'queued' && (
        <p role="status" className="text-sm text-muted-foreground">
          {ACCOUNT_MESSAGES.exportQueued}
        </p>
      )}
      {latest?.status === 'failed' && <p className="text-sm text-destructive">{ACCOUNT_MESSAGES.exportFailedMessage}</p>}
      {latest?.status === 'ready' && latest.downloadUrl && (
        <p className="text-sm">
          <a className="font-medium text-accent underline underline-offset-4" href={latest.downloadUrl} download>
            Download archive
          </a>{' '}
          {latest.sizeBytes !== null && `(${formatFileSize(latest.sizeBytes)})`} · link expires {latest.expiresAt ? new Date(latest.expiresAt).toLocaleString() : ''}
        </p>
      )}
    </div>
  );
}

/** 'Delete my account': asks for the password, then everything goes and the browser is signed out. */
function DeleteMyAccount({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  return (
    <div className="grid gap-2">
      <h3 className="font-medium">Delete my account</h3>
      <p className="text-sm text-muted-foreground">
        Cancels your subscription and deletes your account, bills, files and every other record. Payment records are kept without your name, as the law requires. This cannot be undone.
      </p>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" className="justify-self-start">
            Delete my account
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              remove.mutate(password, {
                onSuccess: (result) => {
                  toast.success(result.message);
                  void onDeleted();
                },
                onError: (error) => toast.error(errorText(error, 'Could not delete your account')),
              });
            }}
          >
            <AlertDialogHeader>
              <AlertDialogTitle>Delete your account?</AlertDialogTitle>
              <AlertDialogDescription>Enter your password to confirm. Your data is deleted at once.</AlertDialogDescription>
            </AlertDialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="delete-password">Password</Label>
              <Input id="delete-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </div>
            <AlertDialogFooter>
              <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
              <Button type="submit" variant="destructive" disabled={!password || remove.isPending}>
                Delete everything
              </Button>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

/** Privacy rights (GDPR, CCPA): a copy of your data, and deletion. */
export function PrivacySection({ onDeleted }: { onDeleted: () => Promise<void> }) {
  return (
    <Section id="privacy" title="Your data" description="Your rights under GDPR and CCPA: a copy of your data, and deleting it.">
      <DownloadMyData />
      <DeleteMyAccount onDeleted={onDeleted} />
    </Section>
  );
}
