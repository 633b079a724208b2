CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"engine" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"unverified_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_user_created_idx" ON "chat_messages" USING btree ("user_id","created_at");--> statement-breakpoint
-- hand-written SQL (keep at merge)
-- Row-level security for the assistant's conversations, as migration 0002 does for the other user-owned tables.
GRANT SELECT, INSERT, UPDATE, DELETE ON chat_messages TO wattwise_user_scope;
--> statement-breakpoint
ALTER TABLE chat_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON chat_messages USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
