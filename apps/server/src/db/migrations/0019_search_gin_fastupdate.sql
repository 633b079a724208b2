DROP INDEX "utility_bills_search_idx";--> statement-breakpoint
CREATE INDEX "utility_bills_search_idx" ON "utility_bills" USING gin ("search_vector") WITH (fastupdate=false);