CREATE TABLE "cash_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"action_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"occurred_on" date NOT NULL,
	CONSTRAINT "cash_movements_action_id_unique" UNIQUE("action_id")
);
--> statement-breakpoint
CREATE TABLE "client_data_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"action_id" uuid,
	"ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custodian_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"custodian_name" text NOT NULL,
	"account_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "strategy_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"action_id" uuid,
	"style" text NOT NULL,
	"strategy" jsonb NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"cost_basis" numeric(20, 2) NOT NULL,
	"date_acquired" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"report_date" date,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"blob_key" text NOT NULL,
	"uploaded_by_advisor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_blob_key_unique" UNIQUE("blob_key")
);
--> statement-breakpoint
CREATE TABLE "asset_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"asset_class" text NOT NULL,
	"cost_basis" numeric(20, 2) NOT NULL,
	"current_value_usd" numeric(20, 2) NOT NULL,
	"cusip" text,
	"description" text NOT NULL,
	"duration" double precision,
	"last_price_usd" double precision NOT NULL,
	"percent_account" double precision NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"total_gain_loss_usd" numeric(20, 2) NOT NULL,
	"ytw" double precision,
	"in_state_flag" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holding_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"report_date" date NOT NULL,
	"nav" numeric(20, 2) NOT NULL,
	"ytw" double precision,
	"duration" double precision,
	"annual_tax_loss" double precision,
	"tey" double precision,
	"percent_portfolio_analyzed" double precision,
	"average_rating" text,
	"tax_loss_harvested" double precision,
	"tax_loss_value" double precision,
	"current_loss_harvested_pct" double precision,
	"returns" jsonb NOT NULL,
	"benchmark_returns" jsonb,
	"report_date_deposit_usd" numeric(20, 2) DEFAULT '0' NOT NULL,
	"report_date_withdraw_usd" numeric(20, 2) DEFAULT '0' NOT NULL,
	"report_date_realized_gain" numeric(20, 2) DEFAULT '0' NOT NULL,
	"report_date_realized_loss" numeric(20, 2) DEFAULT '0' NOT NULL,
	"number_of_holdings" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulation_runs" (
	"firm_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"kind" text NOT NULL,
	"time_window" text,
	"request" jsonb NOT NULL,
	"status" text NOT NULL,
	"result" jsonb,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "simulation_runs_firm_id_hash_pk" PRIMARY KEY("firm_id","hash")
);
--> statement-breakpoint
CREATE TABLE "strategy_catalogue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"product" text NOT NULL,
	"description" text NOT NULL,
	"strategy_style" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_styles" (
	"name" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"form_options" jsonb NOT NULL,
	"default_strategy" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "current_holding_report_id" uuid;--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "current_strategy_version_id" uuid;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_data_versions" ADD CONSTRAINT "client_data_versions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_data_versions" ADD CONSTRAINT "client_data_versions_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_data_versions" ADD CONSTRAINT "client_data_versions_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custodian_accounts" ADD CONSTRAINT "custodian_accounts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custodian_accounts" ADD CONSTRAINT "custodian_accounts_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_versions" ADD CONSTRAINT "strategy_versions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_versions" ADD CONSTRAINT "strategy_versions_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_versions" ADD CONSTRAINT "strategy_versions_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_lots" ADD CONSTRAINT "token_lots_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_lots" ADD CONSTRAINT "token_lots_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_advisor_id_advisors_id_fk" FOREIGN KEY ("uploaded_by_advisor_id") REFERENCES "public"."advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_lines" ADD CONSTRAINT "asset_lines_report_id_holding_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."holding_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_reports" ADD CONSTRAINT "holding_reports_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_reports" ADD CONSTRAINT "holding_reports_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_runs" ADD CONSTRAINT "simulation_runs_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_catalogue" ADD CONSTRAINT "strategy_catalogue_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_movements_portfolio_idx" ON "cash_movements" USING btree ("portfolio_id","occurred_on");--> statement-breakpoint
CREATE INDEX "client_data_versions_portfolio_idx" ON "client_data_versions" USING btree ("portfolio_id","created_at");--> statement-breakpoint
CREATE INDEX "custodian_accounts_portfolio_idx" ON "custodian_accounts" USING btree ("portfolio_id");--> statement-breakpoint
CREATE INDEX "strategy_versions_portfolio_idx" ON "strategy_versions" USING btree ("portfolio_id","created_at");--> statement-breakpoint
CREATE INDEX "token_lots_portfolio_idx" ON "token_lots" USING btree ("portfolio_id");--> statement-breakpoint
CREATE INDEX "documents_portfolio_kind_idx" ON "documents" USING btree ("portfolio_id","kind","report_date");--> statement-breakpoint
CREATE INDEX "asset_lines_report_idx" ON "asset_lines" USING btree ("report_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "holding_reports_portfolio_date_idx" ON "holding_reports" USING btree ("portfolio_id","report_date");--> statement-breakpoint
CREATE INDEX "simulation_runs_status_idx" ON "simulation_runs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "strategy_catalogue_firm_idx" ON "strategy_catalogue" USING btree ("firm_id","status");--> statement-breakpoint
CREATE INDEX "portfolios_firm_created_idx" ON "portfolios" USING btree ("firm_id","created_at");