CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"rebate_id" text NOT NULL,
	"program_name" text NOT NULL,
	"submission_date" date,
	"current_status" text DEFAULT 'Submitted' NOT NULL,
	"estimated_payment_date" date,
	"actual_payment_date" date,
	"notes" text,
	"external_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rebates_incentives" (
	"id" text PRIMARY KEY NOT NULL,
	"program_name" text NOT NULL,
	"description" text NOT NULL,
	"provider" text NOT NULL,
	"monetary_value" numeric(12, 2) NOT NULL,
	"application_url" text,
	"start_date" date,
	"expiration_date" date,
	"category" text NOT NULL,
	"eligibility_criteria" jsonb NOT NULL,
	"property_types" text[] NOT NULL,
	"regions" text[] NOT NULL,
	"typical_project_cost" numeric(12, 2),
	"source_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_user_created_idx" ON "applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "rebates_incentives_expiration_idx" ON "rebates_incentives" USING btree ("expiration_date");--> statement-breakpoint
-- Row-level security for applications, as migration 0002 does for the other user-owned tables.
-- The catalogue is public data: the restricted role may read it (recommendations read it beside
-- the user's bills), never change it.
GRANT SELECT ON rebates_incentives TO wattwise_user_scope;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON applications TO wattwise_user_scope;
--> statement-breakpoint
ALTER TABLE applications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON applications USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
