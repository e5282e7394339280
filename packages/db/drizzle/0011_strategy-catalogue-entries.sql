ALTER TABLE "strategy_catalogue" ADD COLUMN "strategy" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "strategy_catalogue" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "strategy_catalogue" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_catalogue_firm_name_idx" ON "strategy_catalogue" USING btree ("firm_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_catalogue_default_idx" ON "strategy_catalogue" USING btree ("firm_id","strategy_style") WHERE "strategy_catalogue"."is_default";