CREATE TABLE "ad_spec_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_specs" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"services" text[] DEFAULT '{}' NOT NULL,
	"service_area" jsonb NOT NULL,
	"monthly_budget_cents" bigint DEFAULT 0 NOT NULL,
	"schedule" jsonb NOT NULL,
	"landing_pages" text[] DEFAULT '{}' NOT NULL,
	"call_tracking_number" text,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fbads_campaigns" (
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" text NOT NULL,
	"name" text NOT NULL,
	"objective" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"daily_budget_cents" bigint,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbads_campaigns_connection_id_campaign_id_pk" PRIMARY KEY("connection_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "fbads_insights" (
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" text NOT NULL,
	"day" date NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fbads_insights_connection_id_campaign_id_day_pk" PRIMARY KEY("connection_id","campaign_id","day")
);
--> statement-breakpoint
ALTER TABLE "ad_spec_changes" ADD CONSTRAINT "ad_spec_changes_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_spec_changes" ADD CONSTRAINT "ad_spec_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_specs" ADD CONSTRAINT "ad_specs_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_specs" ADD CONSTRAINT "ad_specs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbads_campaigns" ADD CONSTRAINT "fbads_campaigns_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbads_campaigns" ADD CONSTRAINT "fbads_campaigns_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbads_insights" ADD CONSTRAINT "fbads_insights_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbads_insights" ADD CONSTRAINT "fbads_insights_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_spec_changes_company_idx" ON "ad_spec_changes" USING btree ("company_id","changed_at");--> statement-breakpoint
CREATE INDEX "fbads_insights_company_day_idx" ON "fbads_insights" USING btree ("company_id","day");