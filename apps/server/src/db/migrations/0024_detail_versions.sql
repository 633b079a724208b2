-- hand-written
-- A bill's analysis and the user's meters count as changes to their owner's bills
-- (bill_list_versions, migrations 0008 and 0015), so a bill's detail answer kept while the
-- version is unchanged (decision 200) is rebuilt when its analysis is written or dropped, or a
-- meter is added, changed or removed, whoever does it. Meter readings do not count: a detail
-- whose bill has a matching meter is never kept.
CREATE TRIGGER bill_analyses_list_version AFTER INSERT OR UPDATE OR DELETE ON bill_analyses FOR EACH ROW EXECUTE FUNCTION bump_bill_list_version();
--> statement-breakpoint
CREATE TRIGGER meters_list_version AFTER INSERT OR UPDATE OR DELETE ON meters FOR EACH ROW EXECUTE FUNCTION bump_bill_list_version();
