CREATE TABLE "gads_ads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"campaign_external_id" text NOT NULL,
	"ad_group_id" text NOT NULL,
	"ad_group_name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"headlines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"descriptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"final_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gads_assets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"width" integer,
	"height" integer,
	"file_size" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gads_campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"channel_type" text NOT NULL,
	"status" text NOT NULL,
	"budget_cents" integer,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gads_customers" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"descriptive_name" text DEFAULT '' NOT NULL,
	"currency_code" text DEFAULT 'USD' NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gads_keywords" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"campaign_external_id" text NOT NULL,
	"text" text NOT NULL,
	"match_type" text NOT NULL,
	"quality_score" integer,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gads_leads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"campaign_external_id" text,
	"caller_area_code" text,
	"duration_seconds" integer,
	"form_fields" jsonb
);
--> statement-breakpoint
CREATE TABLE "gads_metric_months" (
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"entity_key" text NOT NULL,
	"month" date NOT NULL,
	"impressions" integer[] NOT NULL,
	"clicks" integer[] NOT NULL,
	"cost_cents" integer[] NOT NULL,
	"calls" integer[] NOT NULL,
	"forms" integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gads_metric_months_connection_id_kind_entity_key_month_pk" PRIMARY KEY("connection_id","kind","entity_key","month")
);
--> statement-breakpoint
ALTER TABLE "gads_ads" ADD CONSTRAINT "gads_ads_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_ads" ADD CONSTRAINT "gads_ads_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_assets" ADD CONSTRAINT "gads_assets_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_assets" ADD CONSTRAINT "gads_assets_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_campaigns" ADD CONSTRAINT "gads_campaigns_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_campaigns" ADD CONSTRAINT "gads_campaigns_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_customers" ADD CONSTRAINT "gads_customers_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_customers" ADD CONSTRAINT "gads_customers_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_keywords" ADD CONSTRAINT "gads_keywords_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_keywords" ADD CONSTRAINT "gads_keywords_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_leads" ADD CONSTRAINT "gads_leads_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_leads" ADD CONSTRAINT "gads_leads_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_metric_months" ADD CONSTRAINT "gads_metric_months_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gads_metric_months" ADD CONSTRAINT "gads_metric_months_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gads_ads_connection_external_key" ON "gads_ads" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gads_assets_connection_external_key" ON "gads_assets" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gads_campaigns_connection_external_key" ON "gads_campaigns" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gads_keywords_connection_external_key" ON "gads_keywords" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gads_leads_connection_external_key" ON "gads_leads" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "gads_leads_connection_at_idx" ON "gads_leads" USING btree ("connection_id","occurred_at");--> statement-breakpoint
CREATE INDEX "gads_metric_months_connection_month_idx" ON "gads_metric_months" USING btree ("connection_id","kind","month");