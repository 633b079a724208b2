CREATE TABLE "meters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"property_id" uuid NOT NULL,
	"source_id" text NOT NULL,
	"title" text,
	"commodity" text NOT NULL,
	"unit" text NOT NULL,
	"interval_seconds" integer NOT NULL,
	"account_number" text,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"property_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"file_size" integer NOT NULL,
	"format" text NOT NULL,
	"readings_added" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_hours" (
	"user_id" text NOT NULL,
	"meter_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"delivered" double precision NOT NULL,
	"received" double precision NOT NULL,
	"readings" integer NOT NULL,
	CONSTRAINT "meter_hours_meter_id_hour_pk" PRIMARY KEY("meter_id","hour")
);
--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"user_id" text NOT NULL,
	"meter_id" uuid NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL,
	"flow" smallint NOT NULL,
	"value" double precision NOT NULL,
	"cost" double precision,
	"quality" smallint,
	CONSTRAINT "meter_readings_meter_id_start_flow_pk" PRIMARY KEY("meter_id","start","flow")
);
--> statement-breakpoint
DROP INDEX "appointments_slot_idx";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "replied_by" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_files" ADD CONSTRAINT "meter_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_files" ADD CONSTRAINT "meter_files_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_hours" ADD CONSTRAINT "meter_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_hours" ADD CONSTRAINT "meter_hours_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meters_user_idx" ON "meters" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meters_property_source_idx" ON "meters" USING btree ("property_id","source_id","commodity");--> statement-breakpoint
CREATE INDEX "meter_files_user_created_idx" ON "meter_files" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_slot_idx" ON "appointments" USING btree ("date","time") WHERE "appointments"."cancelled_at" is null;--> statement-breakpoint
-- hand-written
-- Row-level security for the meter-data tables, as migration 0002 does for the other user-owned tables.
GRANT SELECT, INSERT, UPDATE, DELETE ON meter_files, meters, meter_readings, meter_hours TO wattwise_user_scope;
--> statement-breakpoint
ALTER TABLE meter_files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE meters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE meter_readings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE meter_hours ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON meter_files USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON meters USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON meter_readings USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON meter_hours USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
