import {
  EMAIL_MESSAGES,
  EMAIL_PREFERENCE_KEYS,
  EMAIL_PREFERENCE_LABELS,
  type EmailPreferenceKey,
  TEST_EMAIL_TEMPLATE_LABELS,
  TEST_EMAIL_TEMPLATES,
  type TestEmailTemplate,
} from '@wattwise/shared/contract/email';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { SelectControl } from '@/components/ui/select-field.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useEmailEvents, useEmailPreferences, useSendTestEmail, useToggleEmailPreference } from '../api/email.ts';

const TABS = ['send', 'preferences', 'events'] as const;
type Tab = (typeof TABS)[number];
const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : EMAIL_MESSAGES.unknownError);

/** Test emails go to the signed-in user's own verified address only: the field shows it, read-only. */
function SendTab({ defaultTo }: { defaultTo: string }) {
  const [template, setTemplate] = useState<TestEmailTemplate>('welcome');
  const send = useSendTestEmail();
  const submit = async () => {
    try {
      await send.mutateAsync({ template });
      toast.success(EMAIL_MESSAGES.sent);
    } catch (error) {
      toast.error(EMAIL_MESSAGES.sendFailedToast(reasonOf(error)));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Send Test Emails</CardTitle>
        <CardDescription>Sends a template with example data to your own address through the real mail service (5 every 10 minutes).</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid max-w-lg gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="test-email-to">Email address</Label>
            <Input id="test-email-to" type="email" value={defaultTo} readOnly aria-describedby="test-email-to-hint" />
            <span id="test-email-to-hint" className="text-sm text-muted-foreground">
              {EMAIL_MESSAGES.testOwnAddressOnly}
            </span>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="test-email-template">Template</Label>
            <SelectControl id="test-email-template" value={template} onValueChange={setTemplate} options={TEST_EMAIL_TEMPLATES.map((t) => ({ value: t, label: TEST_EMAIL_TEMPLATE_LABELS[t] }))} />
          </div>
          <Button type="submit" disabled={send.isPending} className="w-full sm:w-fit">
            {send.isPending ? 'Sending…' : 'Send Test Email'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function PreferencesTab() {
  const prefs = useEmailPreferences();
  const toggle = useToggleEmailPreference();
  if (prefs.isLoading) return <Skeleton className="h-72 w-full" />;
  if (!prefs.data) {
    return (
      <Card>
        <CardContent className="grid justify-items-start gap-3 pt-6">
          <p>{EMAIL_MESSAGES.noPreferences}</p>
          <Button variant="outline" onClick={() => void prefs.refetch()}>
            Reload
          </Button>
        </CardContent>
      </Card>
    );
  }
  const data = prefs.data;
  const onChange = async (key: EmailPreferenceKey, value: boolean) => {
    try {
      await toggle.mutateAsync({ [key]: value });
      toast.success(EMAIL_MESSAGES.preferencesUpdated);
    } catch (error) {
      toast.error(EMAIL_MESSAGES.preferencesFailedToast(reasonOf(error)));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email Preferences</CardTitle>
        <CardDescription>Account emails (verification, password reset, receipts) always reach you; these choose the rest.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {EMAIL_PREFERENCE_KEYS.map((key) => {
          const id = `email-pref-${key}`;
          return (
            <div key={key} className="flex items-center justify-between gap-4 py-3">
              <div className="grid gap-0.5">
                <label htmlFor={id} className="font-medium">
                  {EMAIL_PREFERENCE_LABELS[key].label}
                </label>
                <span id={`${id}-hint`} className="text-sm text-muted-foreground">
                  {EMAIL_PREFERENCE_LABELS[key].description}
                </span>
              </div>
              <Switch id={id} checked={data[key]} onCheckedChange={(value) => void onChange(key, value)} aria-describedby={`${id}-hint`} />
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

function EventsTab() {
  const events = useEmailEvents(true);
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Card>
        <CardHeader>
          <CardTitle>Webhook events</CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          The mail provider reports deliveries, opens, clicks, bounces and spam reports to a signed webhook. A bounced address gets no more mail; a spam report stops everything but account emails.
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Unsubscribe footer</CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          Every email that is not an account email carries a signed unsubscribe link in its footer and a one-click List-Unsubscribe header.
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Campaign parameters</CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">Each email is tagged with its template and its recipient's account, so its events are listed here against it.</CardContent>
      </Card>
      <Card className="md:col-span-3">
        <CardHeader>
          <CardTitle>Your recent email events</CardTitle>
        </CardHeader>
        <CardContent>
          {events.isLoading ? (
            <Skeleton className="h-24 w-full" />
          ) : !events.data || events.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No email events yet. Send a test email to see one.</p>
          ) : (
            <ul className="divide-y text-sm" aria-label="Recent email events">
              {events.data.map((e) => (
                <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    <span className="font-medium">{e.event}</span> · {e.template ?? 'email'} · {e.email}
                    {e.reason ? <span className="text-muted-foreground"> ({e.reason})</span> : null}
                  </span>
                  <time dateTime={e.created_at} className="text-muted-foreground tabular-nums">
                    {dateTime.format(new Date(e.created_at))}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** /email-test (02-tools §2.13): Send Test Emails, Email Preferences, Recent Events. */
export function EmailTestPanel({ userEmail }: { userEmail: string }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'send';
  return (
    <Tabs value={tab} onValueChange={(next) => setParams({ tab: next }, { replace: true })} className="mt-6">
      <TabsList>
        <TabsTrigger value="send">Send Test Emails</TabsTrigger>
        <TabsTrigger value="preferences">Email Preferences</TabsTrigger>
        <TabsTrigger value="events">Recent Events</TabsTrigger>
      </TabsList>
      <TabsContent value="send">
        <SendTab defaultTo={userEmail} />
      </TabsContent>
      <TabsContent value="preferences">
        <PreferencesTab />
      </TabsContent>
      <TabsContent value="events">
        <EventsTab />
      </TabsContent>
    </Tabs>
  );
}
