CREATE TABLE "error_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"message" text NOT NULL,
	"page" text NOT NULL,
	"stack" text,
	"component" text,
	"affected_clients" integer[] DEFAULT '{}' NOT NULL,
	"affected_emails" text[] DEFAULT '{}' NOT NULL,
	"affected_product_ids" text[] DEFAULT '{}' NOT NULL,
	"affected_browsers" text[] DEFAULT '{}' NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "error_logs_fingerprint_unique" UNIQUE("fingerprint")
);
