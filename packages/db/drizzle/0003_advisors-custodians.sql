CREATE TABLE "advisors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"last_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"in_app_notification" boolean DEFAULT true NOT NULL,
	"email_notification" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custodians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"product" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	CONSTRAINT "custodians_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "advisors" ADD CONSTRAINT "advisors_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advisors_email_idx" ON "advisors" USING btree ("email");--> statement-breakpoint
CREATE INDEX "advisors_firm_status_idx" ON "advisors" USING btree ("firm_id","status");--> statement-breakpoint
INSERT INTO "custodians" ("name", "product", "description") VALUES
	('Fidelity', 'FIWS-7821', 'Fidelity Institutional Wealth Services: custody for separately managed accounts. Account numbers have the form AAA-AAAAAA.'),
	('Schwab', 'SAS-4410', 'Schwab Advisor Services: custody for separately managed accounts. Account numbers have the form AAAA-AAAA.')
ON CONFLICT ("name") DO NOTHING;
