CREATE TABLE "gamification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gamification_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"monthly_goal_cents" integer DEFAULT 5000 NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gamification_profiles_referral_code_unique" UNIQUE("referral_code")
);
--> statement-breakpoint
CREATE TABLE "referral_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"other_user_id" text NOT NULL,
	"role" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gamification_events" ADD CONSTRAINT "gamification_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_profiles" ADD CONSTRAINT "gamification_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gamification_profiles" ADD CONSTRAINT "gamification_profiles_referred_by_user_id_users_id_fk" FOREIGN KEY ("referred_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gamification_events_user_kind_ref_idx" ON "gamification_events" USING btree ("user_id","kind","ref");--> statement-breakpoint
CREATE INDEX "gamification_events_user_time_idx" ON "gamification_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_credits_user_other_idx" ON "referral_credits" USING btree ("user_id","other_user_id");--> statement-breakpoint
-- hand-written SQL (keep at merge)
-- Row-level security for the gamification tables, as migration 0002 does for the other user-owned tables.
GRANT SELECT, INSERT, UPDATE, DELETE ON gamification_events, gamification_profiles, referral_credits TO wattwise_user_scope;
--> statement-breakpoint
ALTER TABLE gamification_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE gamification_profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE referral_credits ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON gamification_events USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON gamification_profiles USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON referral_credits USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
