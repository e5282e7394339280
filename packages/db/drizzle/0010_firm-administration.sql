CREATE TABLE "firm_audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor_advisor_id" uuid,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
-- Custodians become the firm's own (decision 022): each firm gets a copy of the shared rows, and
-- a new firm gets the two of product §3 from a trigger, however it is created.
ALTER TABLE "custodians" DROP CONSTRAINT "custodians_name_unique";--> statement-breakpoint
ALTER TABLE "custodians" ADD COLUMN "firm_id" uuid;--> statement-breakpoint
INSERT INTO "custodians" ("firm_id", "name", "product", "description", "status")
  SELECT f."id", c."name", c."product", c."description", c."status"
  FROM "firms" f CROSS JOIN "custodians" c WHERE c."firm_id" IS NULL;--> statement-breakpoint
DELETE FROM "custodians" WHERE "firm_id" IS NULL;--> statement-breakpoint
ALTER TABLE "custodians" ALTER COLUMN "firm_id" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION firms_add_custodians() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO custodians (firm_id, name, product, description) VALUES
    (NEW.id, 'Fidelity', 'FIWS-7821', 'Fidelity Institutional Wealth Services: custody for separately managed accounts. Account numbers have the form AAA-AAAAAA.'),
    (NEW.id, 'Schwab', 'SAS-4410', 'Schwab Advisor Services: custody for separately managed accounts. Account numbers have the form AAAA-AAAA.');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER firms_custodians_added AFTER INSERT ON firms
  FOR EACH ROW EXECUTE FUNCTION firms_add_custodians();--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "support_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "support_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "firm_audit_events" ADD CONSTRAINT "firm_audit_events_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_audit_events" ADD CONSTRAINT "firm_audit_events_actor_advisor_id_advisors_id_fk" FOREIGN KEY ("actor_advisor_id") REFERENCES "public"."advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firm_audit_events_firm_at_idx" ON "firm_audit_events" USING btree ("firm_id","at");--> statement-breakpoint
ALTER TABLE "custodians" ADD CONSTRAINT "custodians_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custodians_firm_name_idx" ON "custodians" USING btree ("firm_id","name");
