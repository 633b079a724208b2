import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useChangePassword } from '../api/account.ts';
import { errorText, Section } from './section.tsx';

/** Password change with the current password; other devices can be signed out at the same time. */
export function PasswordSection() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [revokeOtherSessions, setRevoke] = useState(true);
  const change = useChangePassword();
  return (
    <Section id="password" title="Password">
      <form
        className="grid gap-3 sm:max-w-md"
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate(
            { currentPassword, newPassword, revokeOtherSessions },
            {
              onSuccess: () => {
                toast.success('Password changed');
                setCurrent('');
                setNew('');
              },
              onError: (error) => toast.error(errorText(error, 'Could not change your password')),
            },
          );
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor="settings-current-password">Current password</Label>
          <Input id="settings-current-password" type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="settings-new-password">New password</Label>
          <Input id="settings-new-password" type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} aria-describedby="settings-password-rules" />
          <p id="settings-password-rules" className="text-xs text-muted-foreground">
            8+ characters with an uppercase letter, a lowercase letter, a number and a special character.
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={revokeOtherSessions} onChange={(e) => setRevoke(e.target.checked)} />
          Sign out my other devices
        </label>
        <Button type="submit" className="justify-self-start" disabled={change.isPending || !currentPassword || !newPassword}>
          Change password
        </Button>
      </form>
    </Section>
  );
}
