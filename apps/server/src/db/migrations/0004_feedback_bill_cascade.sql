ALTER TABLE "ml_feedback" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
-- Hand-written: name the bill of the rows already there, so deleting a bill deletes them too.
UPDATE "ml_feedback" f SET "bill_id" = b."id" FROM "utility_bills" b WHERE f."entity_type" = 'bill' AND b."id"::text = f."entity_id" AND b."user_id" = f."user_id";--> statement-breakpoint
UPDATE "ml_feedback" f SET "bill_id" = a."bill_id" FROM "bill_analyses" a WHERE f."entity_type" = 'bill_analysis' AND a."id"::text = f."entity_id" AND a."user_id" = f."user_id";--> statement-breakpoint
UPDATE "ml_feedback" f SET "bill_id" = r."bill_id" FROM "saving_recommendations" r WHERE f."entity_type" = 'recommendation' AND r."id"::text = f."entity_id" AND r."user_id" = f."user_id";--> statement-breakpoint
ALTER TABLE "ml_feedback" ADD CONSTRAINT "ml_feedback_bill_id_utility_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."utility_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ml_feedback_bill_id_idx" ON "ml_feedback" USING btree ("bill_id");