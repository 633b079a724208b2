CREATE TABLE "reader_model_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer NOT NULL,
	"hints" jsonb NOT NULL,
	"accuracy" double precision NOT NULL,
	"baseline_accuracy" double precision NOT NULL,
	"heldout_bills" integer NOT NULL,
	"fields_checked" integer NOT NULL,
	"corrections_used" integer NOT NULL,
	"promoted" boolean NOT NULL,
	"trained_by" text,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_model_versions_version_unique" UNIQUE("version")
);
--> statement-breakpoint
ALTER TABLE "utility_bills" ADD COLUMN "extracted_text" text;--> statement-breakpoint
ALTER TABLE "utility_bills" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, replace(replace(replace(replace(translate(coalesce("utility_bills"."utility_provider", '') || ' ' || coalesce("utility_bills"."account_number", '') || ' ' || coalesce("utility_bills"."total_amount"::text, '') || ' ' || coalesce((extract(year from "utility_bills"."due_date")::int::text || '-' || lpad(extract(month from "utility_bills"."due_date")::int::text, 2, '0') || '-' || lpad(extract(day from "utility_bills"."due_date")::int::text, 2, '0')), '') || ' ' || coalesce((extract(year from "utility_bills"."service_period_start")::int::text || '-' || lpad(extract(month from "utility_bills"."service_period_start")::int::text, 2, '0') || '-' || lpad(extract(day from "utility_bills"."service_period_start")::int::text, 2, '0')), '') || ' ' || coalesce((extract(year from "utility_bills"."service_period_end")::int::text || '-' || lpad(extract(month from "utility_bills"."service_period_end")::int::text, 2, '0') || '-' || lpad(extract(day from "utility_bills"."service_period_end")::int::text, 2, '0')), '') || ' ' || coalesce("utility_bills"."extracted_text", ''), E'\x01\x02', ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'))) STORED;--> statement-breakpoint
ALTER TABLE "ml_feedback" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "ml_feedback" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "ml_feedback" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ml_feedback" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
CREATE INDEX "utility_bills_search_idx" ON "utility_bills" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "ml_feedback_status_created_idx" ON "ml_feedback" USING btree ("status","created_at");