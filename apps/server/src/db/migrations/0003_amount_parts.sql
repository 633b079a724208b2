ALTER TABLE "utility_bills" ALTER COLUMN "total_amount" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "utility_bills" ALTER COLUMN "total_amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "saving_recommendations" ADD COLUMN "cost_reduced" double precision;--> statement-breakpoint
ALTER TABLE "utility_bills" ADD COLUMN "current_charges" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "utility_bills" ADD COLUMN "previous_balance" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "utility_bills" ADD COLUMN "payments_received" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "utility_bills" ADD COLUMN "late_fees" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "utility_bills" ADD COLUMN "rate" double precision;--> statement-breakpoint
ALTER TABLE "utility_bills" ADD COLUMN "charges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Bills read before this migration: the parts of the amount due and the line items move from the
-- reader's JSON into columns, and an amount that was never read stops being 0 (unknown is not zero).
UPDATE "utility_bills" SET
  "current_charges" = CASE WHEN jsonb_typeof("extracted" #> '{fields,currentCharges,value}') = 'number' THEN ("extracted" #>> '{fields,currentCharges,value}')::numeric END,
  "previous_balance" = CASE WHEN jsonb_typeof("extracted" #> '{fields,previousBalance,value}') = 'number' THEN ("extracted" #>> '{fields,previousBalance,value}')::numeric END,
  "payments_received" = CASE WHEN jsonb_typeof("extracted" #> '{fields,paymentsReceived,value}') = 'number' THEN ("extracted" #>> '{fields,paymentsReceived,value}')::numeric END,
  "late_fees" = CASE WHEN jsonb_typeof("extracted" #> '{fields,lateFees,value}') = 'number' THEN ("extracted" #>> '{fields,lateFees,value}')::numeric END,
  "rate" = CASE WHEN jsonb_typeof("extracted" #> '{fields,rate,value}') = 'number' THEN ("extracted" #>> '{fields,rate,value}')::double precision END,
  "charges" = CASE WHEN jsonb_typeof("extracted" #> '{fields,charges}') = 'array' THEN "extracted" #> '{fields,charges}' ELSE '[]'::jsonb END,
  "total_amount" = CASE WHEN "corrections" ? 'totalAmount' OR jsonb_typeof("extracted" #> '{fields,totalAmount,value}') = 'number' THEN "total_amount" END;
