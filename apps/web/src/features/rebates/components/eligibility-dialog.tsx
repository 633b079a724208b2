import { type Household, INCOME_BANDS, type Rebate, TENURES } from '@wattwise/shared/contract/rebates';
import { Loader2Icon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { useEligibilityCheck } from '../api/rebates.ts';
import { REBATE_MESSAGES } from '../messages.ts';
import { openApplication } from './apply-actions.ts';
import { ErrorBox } from './error-box.tsx';

const TENURE_LABELS: Record<(typeof TENURES)[number], string> = { owner: 'I own the home', renter: 'I rent the home' };
const INCOME_LABELS: Record<(typeof INCOME_BANDS)[number], string> = {
  below_80: 'Below 80% of area median income',
  '80_to_150': '80% to 150% of area median income',
  above_150: 'Above 150% of area median income',
};
const UNANSWERED = 'unanswered';

/** 'Eligibility Check': a free-text scenario plus the answers the programme's rules need. */
export function EligibilityDialog({ rebate, onClose }: { rebate: Rebate | null; onClose: () => void }) {
  return (
    <Dialog open={rebate !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Eligibility Check</DialogTitle>
          <DialogDescription>{rebate?.programName}</DialogDescription>
        </DialogHeader>
        {rebate && <EligibilityForm key={rebate.id} rebate={rebate} />}
      </DialogContent>
    </Dialog>
  );
}

function EligibilityForm({ rebate }: { rebate: Rebate }) {
  const check = useEligibilityCheck(rebate.id);
  const [scenario, setScenario] = useState('');
  const [household, setHousehold] = useState<Household>({});
  const [blank, setBlank] = useState(false);
  const rules = rebate.eligibilityCriteria;
  const submit = () => {
    if (!scenario.trim()) {
      setBlank(true);
      return;
    }
    setBlank(false);
    check.mutate({ scenario, household });
  };
  const result = check.data;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-2">
        <TextareaField
          id="eligibility-scenario"
          label="Describe your situation"
          value={scenario}
          onChange={setScenario}
          placeholder="For example: we own a 1970s house heated by a gas furnace, family of four"
          error={blank ? 'Please describe your situation' : null}
        />
      </div>
      {rules.tenure?.length ? (
        <Choice label="Own or rent" id="eligibility-tenure" options={TENURE_LABELS} value={household.tenure} onChange={(tenure) => setHousehold((h) => ({ ...h, tenure }))} />
      ) : null}
      {rules.incomeBands?.length ? (
        <Choice label="Household income" id="eligibility-income" options={INCOME_LABELS} value={household.incomeBand} onChange={(incomeBand) => setHousehold((h) => ({ ...h, incomeBand }))} />
      ) : null}
      <Button type="submit" disabled={check.isPending}>
        {check.isPending && <Loader2Icon className="animate-spin" aria-hidden />} Check Eligibility
      </Button>
      {check.isError && <ErrorBox message={REBATE_MESSAGES.eligibilityFailed} onRetry={submit} />}
      {result && (
        <section aria-live="polite" className="grid gap-2 rounded-lg border p-4 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{result.isEligible ? 'You appear eligible' : result.status === 'unknown' ? 'Not sure yet' : 'Not eligible'}</h3>
            <Badge variant="outline">Confidence: {result.confidence}</Badge>
          </div>
          <p>{result.reasoning}</p>
          {result.nextSteps.length > 0 && (
            <>
              <h4 className="font-medium">Next steps</h4>
              <ul className="list-disc pl-5">
                {result.nextSteps.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </>
          )}
          {result.isEligible && rebate.applicationUrl && (
            <Button type="button" className="w-fit" onClick={() => openApplication(rebate)}>
              Apply for This Rebate
            </Button>
          )}
          <p className="text-xs text-muted-foreground">Answered by: {result.engine}</p>
        </section>
      )}
    </form>
  );
}

function Choice<T extends string>(props: { label: string; id: string; options: Record<T, string>; value: T | undefined; onChange: (value: T | undefined) => void }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Select value={props.value ?? UNANSWERED} onValueChange={(v) => props.onChange(v === UNANSWERED ? undefined : (v as T))}>
        <SelectTrigger id={props.id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={UNANSWERED}>Prefer not to say</SelectItem>
          {(Object.entries(props.options) as [T, string][]).map(([value, label]) => (
            <SelectItem key={value} value={value}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
