DROP INDEX "saving_recommendations_user_id_idx";--> statement-breakpoint
CREATE INDEX "utility_accounts_property_idx" ON "utility_accounts" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "utility_bills_user_property_type_idx" ON "utility_bills" USING btree ("user_id","property_type");--> statement-breakpoint
CREATE INDEX "utility_bills_user_unfinished_idx" ON "utility_bills" USING btree ("user_id") WHERE "utility_bills"."status" in ('queued', 'processing');--> statement-breakpoint
CREATE INDEX "utility_bills_duplicate_of_idx" ON "utility_bills" USING btree ("duplicate_of_id");--> statement-breakpoint
CREATE INDEX "saving_recommendations_user_created_idx" ON "saving_recommendations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "processing_runs_bill_id_idx" ON "processing_runs" USING btree ("bill_id");