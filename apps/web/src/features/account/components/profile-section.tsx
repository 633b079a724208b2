import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import type { AccountSummary } from '@wattwise/shared/contract/account';
import { useChangeEmail, useUpdateName } from '../api/account.ts';
import { errorText, Section } from './section.tsx';

/** Name, and the address with re-verification: the new address counts once its link is opened. */
export function ProfileSection({ account }: { account: AccountSummary }) {
  const [name, setName] = useState(account.name);
  const [email, setEmail] = useState('');
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const updateName = useUpdateName();
  const changeEmail = useChangeEmail();
  return (
    <Section id="profile" title="Profile" description="Your name and the address we write to.">
      <form
        className="grid gap-2 sm:max-w-md"
        onSubmit={(e) => {
          e.preventDefault();
          updateName.mutate(name.trim(), {
            onSuccess: () => toast.success('Name saved'),
            onError: (error) => toast.error(errorText(error, 'Could not save your name')),
          });
        }}
      >
        <Label htmlFor="settings-name">Name</Label>
        <div className="flex gap-2">
          <Input id="settings-name" value={name} maxLength={100} autoComplete="name" onChange={(e) => setName(e.target.value)} />
          <Button type="submit" variant="outline" disabled={updateName.isPending || name.trim() === '' || name.trim() === account.name}>
            Save
          </Button>
        </div>
      </form>
      <form
        className="grid gap-2 sm:max-w-md"
        onSubmit={(e) => {
          e.preventDefault();
          const next = email.trim().toLowerCase();
          changeEmail.mutate(next, {
            onSuccess: () => {
              setPendingEmail(next);
              setEmail('');
            },
            onError: (error) => toast.error(errorText(error, 'Could not change your email')),
          });
        }}
      >
        <Label htmlFor="settings-email">Email</Label>
        <p className="text-sm text-muted-foreground">
          Current: <strong className="break-all text-foreground">{account.email}</strong>
        </p>
        <div className="flex gap-2">
          <Input id="settings-email" type="email" placeholder="new@example.com" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" variant="outline" disabled={changeEmail.isPending || !email.includes('@')}>
            Change email
          </Button>
        </div>
        {pendingEmail && (
          <p role="status" className="text-sm text-muted-foreground">
            We sent a confirmation link to <strong className="break-all">{pendingEmail}</strong>. Your address changes when you open it.
          </p>
        )}
      </form>
    </Section>
  );
}
