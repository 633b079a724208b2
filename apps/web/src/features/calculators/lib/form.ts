import { billInputToCents } from '@wattwise/shared/calculators/savings';
import { CALCULATOR_MESSAGES, type SavingsRequest } from '@wattwise/shared/contract/calculators';
import { z } from 'zod';

/** The calculator form (02-tools §3): defaults 150 / 80 / 60; a ZIP is required; bills are text so non-numbers can become 0. */
export const calculatorFormSchema = z.object({
  electricBill: z.string(),
  gasBill: z.string(),
  waterBill: z.string(),
  zipCode: z.string().trim().min(1, CALCULATOR_MESSAGES.zipRequired),
});
export type CalculatorForm = z.infer<typeof calculatorFormSchema>;

export const CALCULATOR_DEFAULTS: CalculatorForm = { electricBill: '150', gasBill: '80', waterBill: '60', zipCode: '' };

/** 02-tools §5: non-numeric bill inputs become 0. */
export function toSavingsRequest(form: CalculatorForm): SavingsRequest {
  return {
    electricBill: billInputToCents(form.electricBill) / 100,
    gasBill: billInputToCents(form.gasBill) / 100,
    waterBill: billInputToCents(form.waterBill) / 100,
    zipCode: form.zipCode.trim(),
  };
}

/** The form as URL parameters, so a shared link reproduces the calculation. */
export function formToSearch(form: CalculatorForm): URLSearchParams {
  return new URLSearchParams({ zip: form.zipCode.trim(), electric: form.electricBill, gas: form.gasBill, water: form.waterBill });
}

/** The link of a calculation as sent. */
export function requestToSearch(request: SavingsRequest): URLSearchParams {
  return new URLSearchParams({ zip: request.zipCode, electric: String(request.electricBill), gas: String(request.gasBill), water: String(request.waterBill) });
}

/** A shared link's inputs, or null when it carries no ZIP. */
export function formFromSearch(params: URLSearchParams): CalculatorForm | null {
  const zip = params.get('zip');
  if (!zip) return null;
  return {
    zipCode: zip,
    electricBill: params.get('electric') ?? CALCULATOR_DEFAULTS.electricBill,
    gasBill: params.get('gas') ?? CALCULATOR_DEFAULTS.gasBill,
    waterBill: params.get('water') ?? CALCULATOR_DEFAULTS.waterBill,
  };
}

/** 02-tools §9: the quick preview is 29% of the total bills (cents). */
export function quickPreviewCents(values: Partial<CalculatorForm>): number {
  const total = billInputToCents(values.electricBill) + billInputToCents(values.gasBill) + billInputToCents(values.waterBill);
  return Math.round(total * 0.29);
}

export const usd = (cents: number): string =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
