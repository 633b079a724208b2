CREATE TABLE "email_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"event" text NOT NULL,
	"template" text,
	"reason" text,
	"provider_event_id" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"marketing_emails" boolean NOT NULL,
	"product_updates" boolean NOT NULL,
	"billing_notifications" boolean NOT NULL,
	"savings_reports" boolean NOT NULL,
	"monthly_summary" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"preferences" jsonb NOT NULL,
	"source" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_subscriptions_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_subscriptions" ADD CONSTRAINT "email_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_events_user_created_idx" ON "email_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_events_email_idx" ON "email_events" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "email_events_provider_event_idx" ON "email_events" USING btree ("provider_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_events_dedupe_idx" ON "email_events" USING btree ("email","dedupe_key");--> statement-breakpoint
-- hand-written SQL (keep at merge)
-- Row-level security: a user reads and saves their own email preferences and reads their own email events (written by the mail job and the webhook on the shared connection).
GRANT SELECT, INSERT, UPDATE, DELETE ON email_preferences TO wattwise_user_scope;
--> statement-breakpoint
GRANT SELECT ON email_events TO wattwise_user_scope;
--> statement-breakpoint
ALTER TABLE email_preferences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON email_preferences USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
ALTER TABLE email_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON email_events USING (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
-- The 'Email Notifications' switch moves from user_preferences' JSON to email_preferences.billing_notifications (decision 073).
INSERT INTO email_preferences (user_id, marketing_emails, product_updates, billing_notifications, savings_reports, monthly_summary) SELECT user_id, false, true, (notification_preferences->>'emailNotifications')::boolean, true, false FROM user_preferences WHERE jsonb_typeof(notification_preferences->'emailNotifications') = 'boolean' ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE user_preferences SET notification_preferences = notification_preferences - 'emailNotifications' WHERE notification_preferences ? 'emailNotifications';
