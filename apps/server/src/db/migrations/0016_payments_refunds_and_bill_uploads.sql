CREATE TABLE "bill_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"bill_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_uploads_bill_id_unique" UNIQUE("bill_id")
);
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "refunded_cents" integer;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "provider_refund_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_uploads" ADD CONSTRAINT "bill_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_uploads_user_idx" ON "bill_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_requests_status_idx" ON "refund_requests" USING btree ("status","created_at");--> statement-breakpoint
-- hand-written SQL (keep at merge)
-- The bill allowance ledger (decision 063): every bill already uploaded counts once.
INSERT INTO bill_uploads (user_id, bill_id, created_at) SELECT user_id, id, created_at FROM utility_bills ON CONFLICT (bill_id) DO NOTHING;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON bill_uploads TO wattwise_user_scope;
--> statement-breakpoint
ALTER TABLE bill_uploads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON bill_uploads USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
