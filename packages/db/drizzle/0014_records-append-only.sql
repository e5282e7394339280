-- The records a firm must keep unaltered (the requests' transition log and the firm's audit
-- trail) are append-only in the database itself, as the ledger is (0013): a trigger refuses
-- every update, and every delete but the cascade of a request whose draft account is deleted.
CREATE FUNCTION action_transitions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM actions WHERE id = OLD.action_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'action_transitions is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER action_transitions_append_only BEFORE UPDATE OR DELETE ON action_transitions
  FOR EACH ROW EXECUTE FUNCTION action_transitions_append_only();--> statement-breakpoint
CREATE FUNCTION firm_audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'firm_audit_events is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER firm_audit_events_append_only BEFORE UPDATE OR DELETE ON firm_audit_events
  FOR EACH ROW EXECUTE FUNCTION firm_audit_events_append_only();
