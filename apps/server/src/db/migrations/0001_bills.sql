CREATE TABLE "bill_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"bill_id" uuid NOT NULL,
	"peak_usage_times" jsonb,
	"usage_anomalies" jsonb,
	"base_load" jsonb,
	"variable_load" jsonb,
	"weather_impact_analysis" jsonb,
	"potential_issues" jsonb,
	"analysis" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ml_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"feedback_type" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"field" text,
	"original_value" text,
	"corrected_value" text,
	"user_notes" text,
	"model_version" text DEFAULT 'current' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processing_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"bill_id" uuid,
	"document_type" text NOT NULL,
	"textract_api" text,
	"claude_model" text,
	"extraction_cost" double precision DEFAULT 0 NOT NULL,
	"ai_cost" double precision DEFAULT 0 NOT NULL,
	"total_cost" double precision DEFAULT 0 NOT NULL,
	"tokens_used" integer DEFAULT 0 NOT NULL,
	"processing_time_ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"property_type" text DEFAULT 'residential' NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saving_recommendations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"bill_id" uuid NOT NULL,
	"recommendation_type" text NOT NULL,
	"title" text,
	"description" text NOT NULL,
	"estimated_savings" double precision NOT NULL,
	"savings_period" text DEFAULT 'annual' NOT NULL,
	"implementation_effort" text DEFAULT 'medium' NOT NULL,
	"upfront_cost" double precision DEFAULT 0 NOT NULL,
	"payback_period_months" double precision DEFAULT 0 NOT NULL,
	"environmental_impact" jsonb,
	"implementation_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"calculation" text,
	"trigger" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utility_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"property_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"account_number" text NOT NULL,
	"match_key" text NOT NULL,
	"bill_type" text NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utility_bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"property_id" uuid,
	"account_id" uuid,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"property_type" text NOT NULL,
	"bill_type" text NOT NULL,
	"upload_date" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 25 NOT NULL,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"utility_provider" text DEFAULT 'Unknown' NOT NULL,
	"account_number" text DEFAULT 'Unknown' NOT NULL,
	"total_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"due_date" date,
	"service_period_start" date,
	"service_period_end" date,
	"usage_amount" double precision,
	"usage_unit" text,
	"processing_confidence" double precision DEFAULT 0 NOT NULL,
	"processing_cost" double precision DEFAULT 0 NOT NULL,
	"processing_time_ms" integer,
	"extracted" jsonb,
	"corrections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"processing" jsonb,
	"analyzed" boolean DEFAULT false NOT NULL,
	"anomaly_checked_at" timestamp with time zone,
	"has_anomalies" boolean DEFAULT false NOT NULL,
	"anomalies" jsonb,
	"duplicate_of_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_analyses" ADD CONSTRAINT "bill_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_analyses" ADD CONSTRAINT "bill_analyses_bill_id_utility_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."utility_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ml_feedback" ADD CONSTRAINT "ml_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_runs" ADD CONSTRAINT "processing_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_runs" ADD CONSTRAINT "processing_runs_bill_id_utility_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."utility_bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saving_recommendations" ADD CONSTRAINT "saving_recommendations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saving_recommendations" ADD CONSTRAINT "saving_recommendations_bill_id_utility_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."utility_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_accounts" ADD CONSTRAINT "utility_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_accounts" ADD CONSTRAINT "utility_accounts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_bills" ADD CONSTRAINT "utility_bills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_bills" ADD CONSTRAINT "utility_bills_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_bills" ADD CONSTRAINT "utility_bills_account_id_utility_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."utility_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_bills" ADD CONSTRAINT "utility_bills_duplicate_of_id_utility_bills_id_fk" FOREIGN KEY ("duplicate_of_id") REFERENCES "public"."utility_bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_analyses_bill_id_idx" ON "bill_analyses" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "bill_analyses_user_id_idx" ON "bill_analyses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ml_feedback_user_id_idx" ON "ml_feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ml_feedback_entity_idx" ON "ml_feedback" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "processing_runs_user_created_idx" ON "processing_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "properties_user_id_idx" ON "properties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saving_recommendations_bill_id_idx" ON "saving_recommendations" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "saving_recommendations_user_id_idx" ON "saving_recommendations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "utility_accounts_user_id_idx" ON "utility_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "utility_accounts_property_match_idx" ON "utility_accounts" USING btree ("user_id","property_id","match_key");--> statement-breakpoint
CREATE INDEX "utility_bills_user_created_idx" ON "utility_bills" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "utility_bills_account_idx" ON "utility_bills" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "utility_bills_property_idx" ON "utility_bills" USING btree ("property_id");