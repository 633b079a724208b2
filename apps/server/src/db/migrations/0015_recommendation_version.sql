-- hand-written SQL (keep at merge)
-- Recommendations count as changes to their owner's bills (bill_list_versions, migration 0008),
-- so answers kept while a user's bills are unchanged (the bill list, the recommendation cards)
-- are rebuilt when a recommendation is written, whoever writes it.
CREATE TRIGGER saving_recommendations_list_version AFTER INSERT OR UPDATE OR DELETE ON saving_recommendations FOR EACH ROW EXECUTE FUNCTION bump_bill_list_version();
