CREATE TABLE "health_samples" (
	"component" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"latency_ms" integer,
	CONSTRAINT "health_samples_component_minute_pk" PRIMARY KEY("component","minute")
);
--> statement-breakpoint
CREATE TABLE "provider_calls" (
	"provider" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "provider_calls_provider_minute_pk" PRIMARY KEY("provider","minute")
);
--> statement-breakpoint
CREATE INDEX "health_samples_minute_idx" ON "health_samples" USING btree ("minute");