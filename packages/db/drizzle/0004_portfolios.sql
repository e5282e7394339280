CREATE TABLE "onboarding_applications" (
	"portfolio_id" uuid PRIMARY KEY NOT NULL,
	"client_input_ciphertext" text,
	"strategy_input" jsonb,
	"custodian_input" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kyc_input" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suitability" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_advisors" (
	"portfolio_id" uuid NOT NULL,
	"advisor_id" uuid NOT NULL,
	CONSTRAINT "portfolio_advisors_portfolio_id_advisor_id_pk" PRIMARY KEY("portfolio_id","advisor_id")
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"status" text DEFAULT 'INCOMPLETE' NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"originating_advisor_id" uuid NOT NULL,
	"inception_date" date,
	"user_dnt" text,
	"current_nav" numeric(20, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onboarding_applications" ADD CONSTRAINT "onboarding_applications_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_advisors" ADD CONSTRAINT "portfolio_advisors_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_advisors" ADD CONSTRAINT "portfolio_advisors_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_originating_advisor_id_advisors_id_fk" FOREIGN KEY ("originating_advisor_id") REFERENCES "public"."advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_advisors_advisor_idx" ON "portfolio_advisors" USING btree ("advisor_id");--> statement-breakpoint
CREATE INDEX "portfolios_firm_status_idx" ON "portfolios" USING btree ("firm_id","status");