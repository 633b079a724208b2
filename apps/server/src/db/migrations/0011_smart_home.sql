CREATE TABLE "automation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"trigger" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"armed_at" timestamp with time zone NOT NULL,
	"condition_met" boolean DEFAULT false NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_result" text,
	"last_ok" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connected_smart_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"credential_id" uuid,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"device_name" text NOT NULL,
	"device_type" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"last_reading" double precision DEFAULT 0 NOT NULL,
	"unit" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_home_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"secret_box" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "energy_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"device_id" text NOT NULL,
	"device_type" text NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"reading_type" text NOT NULL,
	"value" double precision NOT NULL,
	"unit" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iot_streams" (
	"user_id" text NOT NULL,
	"device_id" text NOT NULL,
	"device_type" text NOT NULL,
	"name" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iot_streams_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connected_smart_devices" ADD CONSTRAINT "connected_smart_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connected_smart_devices" ADD CONSTRAINT "connected_smart_devices_credential_id_smart_home_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."smart_home_credentials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_home_credentials" ADD CONSTRAINT "smart_home_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_readings" ADD CONSTRAINT "energy_readings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iot_streams" ADD CONSTRAINT "iot_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_rules_user_idx" ON "automation_rules" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_rules_enabled_idx" ON "automation_rules" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "connected_smart_devices_user_idx" ON "connected_smart_devices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "connected_smart_devices_external_idx" ON "connected_smart_devices" USING btree ("user_id","platform","external_id");--> statement-breakpoint
CREATE INDEX "smart_home_credentials_user_idx" ON "smart_home_credentials" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "energy_readings_user_time_idx" ON "energy_readings" USING btree ("user_id","timestamp");--> statement-breakpoint
-- hand-written SQL (keep at merge)
-- Row-level security for the smart-home and IoT tables, as migration 0002 does for the other user-owned tables.
GRANT SELECT, INSERT, UPDATE, DELETE ON smart_home_credentials, connected_smart_devices, automation_rules, energy_readings, iot_streams TO wattwise_user_scope;
--> statement-breakpoint
ALTER TABLE smart_home_credentials ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON smart_home_credentials USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
ALTER TABLE connected_smart_devices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON connected_smart_devices USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
ALTER TABLE automation_rules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON automation_rules USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
ALTER TABLE energy_readings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON energy_readings USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
ALTER TABLE iot_streams ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON iot_streams USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
