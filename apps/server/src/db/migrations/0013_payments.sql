CREATE TABLE "billing_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_id" text NOT NULL,
	"mode" text NOT NULL,
	"plan" text,
	"billing_cycle" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"subscription_id" text,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"payment_method" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"yearly_savings_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"plan" text NOT NULL,
	"billing_cycle" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"last_event_created" bigint NOT NULL,
	"last_event_rank" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_user_idx" ON "checkout_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "refund_requests_user_idx" ON "refund_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
-- hand-written SQL (keep at merge)
-- Row-level security for the payment tables, as migration 0002 does for the other user-owned
-- tables. Subscriptions, payments and checkout sessions are written only by the webhook handler
-- and the checkout service on the owner connection; a user's scope may read its own rows.
GRANT SELECT ON subscriptions, payments, checkout_sessions TO wattwise_user_scope;
--> statement-breakpoint
-- A user records their own refund request (the savings guarantee); admins review it.
GRANT SELECT, INSERT ON refund_requests TO wattwise_user_scope;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON billing_profiles TO wattwise_user_scope;
--> statement-breakpoint
ALTER TABLE subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE checkout_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE refund_requests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE billing_profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON subscriptions USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON payments USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON checkout_sessions USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON refund_requests USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON billing_profiles USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
