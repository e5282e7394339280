CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"instrument" text,
	"quantity" numeric(38, 18) DEFAULT '0' NOT NULL,
	"cash" numeric(20, 2) NOT NULL,
	"income" numeric(20, 2) DEFAULT '0' NOT NULL,
	"fee" numeric(20, 2) DEFAULT '0' NOT NULL,
	"action_id" uuid,
	"acquired_on" date,
	"cost_basis" numeric(20, 2),
	"proceeds" numeric(20, 2),
	"gain_loss" numeric(20, 2),
	"term" text,
	"wash_sale_disallowed" numeric(20, 2),
	"washed_losses" jsonb
);
--> statement-breakpoint
CREATE TABLE "portfolio_books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"cash" numeric(20, 2) DEFAULT '0' NOT NULL,
	"lots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recent_loss_sales" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"realized_gains" numeric(20, 2) DEFAULT '0' NOT NULL,
	"valued_through" date,
	"strategy_version_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valuation_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"report_date" date NOT NULL,
	"attempts" integer NOT NULL,
	"error" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_movements" ADD COLUMN "valued_on" date;--> statement-breakpoint
ALTER TABLE "holding_reports" ADD COLUMN "cash" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "holding_reports" ADD COLUMN "accrued_interest" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "holding_reports" ADD COLUMN "unrealized" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "holding_reports" ADD COLUMN "income" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "holding_reports" ADD COLUMN "fees" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "holding_reports" ADD COLUMN "realized_price_change" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "holding_reports" ADD COLUMN "harvested_loss" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "holding_reports" ADD COLUMN "net_flows_to_date" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "holding_reports" ADD COLUMN "daily_return" double precision;--> statement-breakpoint
ALTER TABLE "holding_reports" ADD COLUMN "growth_index" double precision;--> statement-breakpoint
ALTER TABLE "holding_reports" ADD COLUMN "dnt_blocked" jsonb;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_books" ADD CONSTRAINT "portfolio_books_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_books" ADD CONSTRAINT "portfolio_books_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_books" ADD CONSTRAINT "portfolio_books_strategy_version_id_strategy_versions_id_fk" FOREIGN KEY ("strategy_version_id") REFERENCES "public"."strategy_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_failures" ADD CONSTRAINT "valuation_failures_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_failures" ADD CONSTRAINT "valuation_failures_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_portfolio_day_idx" ON "ledger_entries" USING btree ("portfolio_id","entry_date","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_books_portfolio_idx" ON "portfolio_books" USING btree ("portfolio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "valuation_failures_portfolio_day_idx" ON "valuation_failures" USING btree ("portfolio_id","report_date");--> statement-breakpoint
CREATE INDEX "valuation_failures_firm_idx" ON "valuation_failures" USING btree ("firm_id","failed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_generated_idx" ON "documents" USING btree ("portfolio_id","kind","report_date") WHERE kind <> 'KYC';--> statement-breakpoint
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows go only when their portfolio does (an INCOMPLETE portfolio being deleted).
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM portfolios WHERE id = OLD.portfolio_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'ledger_entries is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
