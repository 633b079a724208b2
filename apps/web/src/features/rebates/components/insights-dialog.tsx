import { Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { useSmartHomeInsights } from '../api/rebates.ts';
import { REBATE_MESSAGES } from '../messages.ts';
import { ErrorBox } from './error-box.tsx';

/** 'Smart Home Energy Insights' from a free-text description of devices and usage. */
export function InsightsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const insights = useSmartHomeInsights();
  const [text, setText] = useState('');
  const [blank, setBlank] = useState(false);
  const submit = () => {
    setBlank(!text.trim());
    if (text.trim()) insights.mutate(text);
  };
  const data = insights.data;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Smart Home Energy Insights</DialogTitle>
          <DialogDescription>Tell us about your devices and how you use them.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextareaField
            id="insights-text"
            label="Devices and usage"
            value={text}
            onChange={setText}
            placeholder="For example: central AC, electric water heater, two TVs on all evening"
            error={blank ? 'Please describe your devices and usage' : null}
          />
          <Button type="submit" disabled={insights.isPending}>
            {insights.isPending && <Loader2Icon className="animate-spin" aria-hidden />} Get Insights
          </Button>
        </form>
        {insights.isError && <ErrorBox message={REBATE_MESSAGES.insightsFailed} onRetry={submit} />}
        {data && (
          <div className="grid gap-3 text-sm" aria-live="polite">
            <p>{data.overallAssessment}</p>
            <h3 className="font-semibold">Energy saving tips</h3>
            <ul className="grid gap-2">
              {data.energySavingTips.map((t) => (
                <li key={t.tip}>
                  {t.tip} <span className="text-muted-foreground">({t.estimatedSavings})</span>
                </li>
              ))}
            </ul>
            <h3 className="font-semibold">Suggested upgrades</h3>
            <ul className="grid gap-2">
              {data.suggestedUpgrades.map((u) => (
                <li key={u.upgrade}>
                  <span className="font-medium">{u.upgrade}</span> — {u.reason}
                </li>
              ))}
            </ul>
            <p className="text-xs text-muted-foreground">Answered by: {data.engine}</p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
