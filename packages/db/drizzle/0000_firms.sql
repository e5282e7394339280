CREATE TABLE "firms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"logo" "bytea",
	"logo_content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
