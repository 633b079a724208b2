CREATE TABLE "bill_list_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- hand-written SQL (keep at merge)
-- Every change to a user's bills counts once in bill_list_versions, whoever makes it (API,
-- worker, another instance). SECURITY DEFINER: the restricted role of row-level security
-- (wattwise_user_scope) writes bills but has no rights on the counter table itself.
CREATE FUNCTION bump_bill_list_version() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  changed text;
  counted bigint;
BEGIN
  FOREACH changed IN ARRAY (CASE
      WHEN TG_OP = 'INSERT' THEN ARRAY[NEW.user_id]
      WHEN TG_OP = 'DELETE' THEN ARRAY[OLD.user_id]
      WHEN NEW.user_id IS DISTINCT FROM OLD.user_id THEN ARRAY[OLD.user_id, NEW.user_id]
      ELSE ARRAY[NEW.user_id] END) LOOP
    INSERT INTO bill_list_versions (user_id, version) VALUES (changed, 1)
      ON CONFLICT (user_id) DO UPDATE SET version = bill_list_versions.version + 1
      RETURNING version INTO counted;
    -- Processes that keep versions in memory (the embedded database's) hear of it at commit.
    PERFORM pg_notify('bill_list_version', changed || ' ' || counted);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER utility_bills_list_version AFTER INSERT OR UPDATE OR DELETE ON utility_bills FOR EACH ROW EXECUTE FUNCTION bump_bill_list_version();
--> statement-breakpoint
ALTER TABLE bill_list_versions ENABLE ROW LEVEL SECURITY;
