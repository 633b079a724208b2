import { confirmText } from '@wattwise/shared/analysis/provenance';
import type { BillAnalysis, FigureStatus } from '@wattwise/shared/analysis/types';

const INPUT_LABELS: Record<string, string> = { amount: 'the amount due', usage: 'the usage', service_period: 'the service period' };

/** 'Not found on this bill: the amount due and the usage.' — or null when everything needed was read. */
export function missingInputsText(missing: readonly string[] | undefined): string | null {
  const names = (missing ?? []).map((m) => INPUT_LABELS[m] ?? m);
  if (!names.length) return null;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Not found on this bill: ${list}. The figures that need ${names.length === 1 ? 'it' : 'them'} are left out; add ${names.length === 1 ? 'it' : 'them'} under What we read.`;
}

/** What 'no issues' may claim: only the checks that could run (older analyses ran both). */
export function noIssuesText(checksRun: BillAnalysis['checksRun'] | undefined): string {
  const { charges, servicePeriod } = checksRun ?? { charges: true, servicePeriod: true };
  if (charges && servicePeriod) return 'No billing errors found: the charges add up and the service days line up.';
  if (charges) return 'No billing errors found: the charges add up. The service days could not be checked against an earlier bill.';
  if (servicePeriod) return 'No billing errors found in the service days. The charges could not be checked: the amount or the itemised lines were not read.';
  return 'The charges and service days could not be checked: the amount, the itemised lines or an earlier bill of this account are missing.';
}

/** 'Estimate: confirm usage to see this' for a figure built on values read with low confidence; null otherwise. */
export function estimateText(figure: FigureStatus | undefined): string | null {
  if (!figure || figure.status !== 'unsure') return null;
  return `Estimate: ${confirmText(figure.unsure)}`;
}
