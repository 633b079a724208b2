-- Row-level security on every table a user owns (ARCHITECTURE.md, 'Access control').
-- Requests run their queries as the role wattwise_user_scope with wattwise.user_id set to the
-- session's user (db/user-scope.ts); the policies then show and accept only that user's rows,
-- so a query that forgot its user filter fails closed. The table owner (the connecting role:
-- jobs, demo data, admin) is not subject to the policies.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wattwise_user_scope') THEN
    CREATE ROLE wattwise_user_scope NOLOGIN;
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN
    NULL; -- roles are cluster-wide: another database on this server made it already, or is making it now
  WHEN insufficient_privilege THEN
    RAISE EXCEPTION 'Wattwise needs a role named wattwise_user_scope for row-level security, and % may not create roles.', current_user
      USING HINT = format('As an administrator, run once: CREATE ROLE wattwise_user_scope NOLOGIN; GRANT wattwise_user_scope TO %I;', current_user);
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'wattwise_user_scope', 'MEMBER') THEN
    EXECUTE format('GRANT wattwise_user_scope TO %I', current_user);
  END IF;
EXCEPTION WHEN unique_violation THEN
  NULL; -- granted at this moment by a migration of another database on this server
WHEN insufficient_privilege THEN
  RAISE EXCEPTION 'Wattwise needs % to be a member of the role wattwise_user_scope for row-level security.', current_user
    USING HINT = format('As an administrator, run once: GRANT wattwise_user_scope TO %I;', current_user);
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO wattwise_user_scope;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON properties, utility_accounts, utility_bills, bill_analyses, saving_recommendations, ml_feedback, processing_runs TO wattwise_user_scope;
--> statement-breakpoint
ALTER TABLE properties ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE utility_accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE utility_bills ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE bill_analyses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE saving_recommendations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ml_feedback ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE processing_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY owner_only ON properties USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON utility_accounts USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON utility_bills USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON bill_analyses USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON saving_recommendations USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON ml_feedback USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
--> statement-breakpoint
CREATE POLICY owner_only ON processing_runs USING (user_id = current_setting('wattwise.user_id', true)) WITH CHECK (user_id = current_setting('wattwise.user_id', true));
