import { AMOUNT_PART_FIELDS } from '@wattwise/shared/contract/bills';
import { SUMMARY_FIELDS, type ExtractionResult } from './types.ts';

/** The summary fields, each printed with its confidence under `fieldConfidence`. */
const OUTPUT_FIELDS = [...SUMMARY_FIELDS, ...AMOUNT_PART_FIELDS] as const satisfies ReadonlyArray<
  keyof ExtractionResult['fields']
>;

/** The NDJSON line for one bill: the fields under fixed keys, null when not found. */
export function toOutputLine(file: string, r: ExtractionResult): Record<string, unknown> {
  const f = r.fields;
  return {
    file,
    ...Object.fromEntries(OUTPUT_FIELDS.map((k) => [k, f[k].value])),
    providerBrand: r.providerBrand?.value ?? null,
    charges: f.charges,
    services: f.services,
    fieldConfidence: Object.fromEntries(
      OUTPUT_FIELDS.map((k) => [k, f[k].value === null ? 0 : Math.round(f[k].confidence * 100) / 100]),
    ),
    confidence: r.confidence,
    seconds: r.seconds,
  };
}
