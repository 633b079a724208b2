ALTER TABLE "support_tickets" ADD COLUMN "helpdesk_requester_id" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "helpdesk_updated_at" text;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE INDEX "support_tickets_zendesk_idx" ON "support_tickets" USING btree ("zendesk_ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_ticket_messages_external_idx" ON "support_ticket_messages" USING btree ("ticket_id","external_id");