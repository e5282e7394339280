CREATE TABLE "action_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_advisor_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"created_by_advisor_id" uuid,
	"parent_action_id" uuid,
	"action_type" text NOT NULL,
	"state" text NOT NULL,
	"action_payload" jsonb NOT NULL,
	"needs_action_payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_transitions" ADD CONSTRAINT "action_transitions_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_transitions" ADD CONSTRAINT "action_transitions_actor_advisor_id_advisors_id_fk" FOREIGN KEY ("actor_advisor_id") REFERENCES "public"."advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_created_by_advisor_id_advisors_id_fk" FOREIGN KEY ("created_by_advisor_id") REFERENCES "public"."advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_parent_action_id_actions_id_fk" FOREIGN KEY ("parent_action_id") REFERENCES "public"."actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_transitions_action_idx" ON "action_transitions" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "actions_portfolio_state_idx" ON "actions" USING btree ("portfolio_id","state");--> statement-breakpoint
CREATE INDEX "actions_firm_state_idx" ON "actions" USING btree ("firm_id","state");