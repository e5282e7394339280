-- firms.list_version moves whenever something the portfolio list shows changes, in the same
-- transaction as the change, so the api can keep a built list until the version moves.
CREATE FUNCTION bump_firm_list_version(firm uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE firms SET list_version = list_version + 1 WHERE id = firm;
$$;
--> statement-breakpoint
CREATE FUNCTION portfolios_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_firm_list_version(OLD.firm_id);
  ELSE
    PERFORM bump_firm_list_version(NEW.firm_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER portfolios_list_inserted_or_deleted AFTER INSERT OR DELETE ON portfolios
  FOR EACH ROW EXECUTE FUNCTION portfolios_list_changed();
--> statement-breakpoint
-- An update that changes nothing (a status re-derived to the same value) leaves the list alone.
CREATE TRIGGER portfolios_list_updated AFTER UPDATE ON portfolios
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION portfolios_list_changed();
--> statement-breakpoint
CREATE FUNCTION portfolio_advisors_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_firm_list_version(p.firm_id) FROM portfolios p
    WHERE p.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.portfolio_id ELSE NEW.portfolio_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER portfolio_advisors_list_changed AFTER INSERT OR DELETE ON portfolio_advisors
  FOR EACH ROW EXECUTE FUNCTION portfolio_advisors_list_changed();
--> statement-breakpoint
CREATE FUNCTION advisors_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_firm_list_version(NEW.firm_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER advisors_list_changed AFTER UPDATE OF first_name, last_name ON advisors
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION advisors_list_changed();
