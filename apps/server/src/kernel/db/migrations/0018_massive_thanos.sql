CREATE TABLE "ct_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"called_at" timestamp with time zone NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_number_name" text,
	"source" text NOT NULL,
	"caller_number" text,
	"caller_city" text,
	"caller_state" text,
	"duration_seconds" integer NOT NULL,
	"talk_time_seconds" integer NOT NULL,
	"status" text NOT NULL,
	"first_time" boolean NOT NULL,
	"recording_url" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ct_recordings" (
	"call_id" bigint PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ct_tracking_numbers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_scan_results" (
	"scan_id" integer NOT NULL,
	"directory" text NOT NULL,
	"status" text NOT NULL,
	"listing_url" text,
	"found" jsonb,
	"fields" jsonb NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_scan_results_scan_id_directory_pk" PRIMARY KEY("scan_id","directory")
);
--> statement-breakpoint
CREATE TABLE "listing_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"directories" jsonb NOT NULL,
	"score" integer,
	"counts" jsonb,
	"created_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bstac_qr_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"short_url" text NOT NULL,
	"target_url" text,
	"state" text NOT NULL,
	"vendor_created_at" timestamp with time zone NOT NULL,
	"vendor_updated_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bstac_scan_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"qr_external_id" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"label" text NOT NULL,
	"scans" integer NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_instance_id" integer NOT NULL,
	"name" text NOT NULL,
	"target_url" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_scans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"qr_code_id" integer NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"os" text NOT NULL,
	"browser" text NOT NULL,
	"device_type" text NOT NULL,
	"visitor" text NOT NULL,
	"city" text
);
--> statement-breakpoint
CREATE TABLE "hosting_accounts" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"plan" text NOT NULL,
	"domain" text NOT NULL,
	"domain_renews_on" date,
	"disk_quota_mb" integer,
	"bandwidth_quota_mb" integer,
	"disk_used_mb" integer NOT NULL,
	"ssl_issuer" text,
	"ssl_subject" text,
	"ssl_expires_at" timestamp with time zone,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosting_usage" (
	"connection_id" integer NOT NULL,
	"month" date NOT NULL,
	"disk_used_mb" integer,
	"bandwidth_used_mb" integer NOT NULL,
	CONSTRAINT "hosting_usage_connection_id_month_pk" PRIMARY KEY("connection_id","month")
);
--> statement-breakpoint
CREATE TABLE "page_speed_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"product_instance_id" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"origin" text NOT NULL,
	"requested_by" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "page_speed_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"job_id" integer,
	"strategy" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"performance" smallint,
	"accessibility" smallint,
	"best_practices" smallint,
	"seo" smallint,
	"vitals" jsonb,
	"error" text,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"product_instance_id" integer,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"message" text NOT NULL,
	"page" text,
	"user_agent" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"up" boolean NOT NULL,
	"status_code" integer,
	"response_ms" integer,
	"error_kind" text
);
--> statement-breakpoint
CREATE TABLE "website_incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"cause" text NOT NULL,
	"status_code" integer,
	"alert_id" integer
);
--> statement-breakpoint
CREATE TABLE "website_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_instance_id" integer NOT NULL,
	"url" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"demo_slug" text,
	"demo_down" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"status_since" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_status_code" integer,
	"last_response_ms" integer,
	"last_error_kind" text,
	"last_error" text,
	"tls_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_uptime_days" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"up_checks" integer DEFAULT 0 NOT NULL,
	"response_ms_sum" bigint DEFAULT 0 NOT NULL,
	"response_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "website_uptime_days_site_id_day_pk" PRIMARY KEY("site_id","day")
);
--> statement-breakpoint
ALTER TABLE "ct_calls" ADD CONSTRAINT "ct_calls_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ct_calls" ADD CONSTRAINT "ct_calls_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ct_recordings" ADD CONSTRAINT "ct_recordings_call_id_ct_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."ct_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ct_tracking_numbers" ADD CONSTRAINT "ct_tracking_numbers_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ct_tracking_numbers" ADD CONSTRAINT "ct_tracking_numbers_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_scan_results" ADD CONSTRAINT "listing_scan_results_scan_id_listing_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."listing_scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_scans" ADD CONSTRAINT "listing_scans_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_scans" ADD CONSTRAINT "listing_scans_product_id_product_instances_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_scans" ADD CONSTRAINT "listing_scans_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_scans" ADD CONSTRAINT "listing_scans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bstac_qr_codes" ADD CONSTRAINT "bstac_qr_codes_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bstac_qr_codes" ADD CONSTRAINT "bstac_qr_codes_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bstac_scan_days" ADD CONSTRAINT "bstac_scan_days_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_product_instance_id_product_instances_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_scans" ADD CONSTRAINT "qr_scans_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_accounts" ADD CONSTRAINT "hosting_accounts_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_accounts" ADD CONSTRAINT "hosting_accounts_site_id_website_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."website_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_accounts" ADD CONSTRAINT "hosting_accounts_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_usage" ADD CONSTRAINT "hosting_usage_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_speed_jobs" ADD CONSTRAINT "page_speed_jobs_site_id_website_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."website_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_speed_jobs" ADD CONSTRAINT "page_speed_jobs_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_speed_jobs" ADD CONSTRAINT "page_speed_jobs_product_instance_id_product_instances_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_speed_runs" ADD CONSTRAINT "page_speed_runs_site_id_website_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."website_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_speed_runs" ADD CONSTRAINT "page_speed_runs_job_id_page_speed_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."page_speed_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_form_submissions" ADD CONSTRAINT "website_form_submissions_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_form_submissions" ADD CONSTRAINT "website_form_submissions_site_id_website_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."website_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_form_submissions" ADD CONSTRAINT "website_form_submissions_product_instance_id_product_instances_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_checks" ADD CONSTRAINT "website_checks_site_id_website_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."website_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_incidents" ADD CONSTRAINT "website_incidents_site_id_website_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."website_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_incidents" ADD CONSTRAINT "website_incidents_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_incidents" ADD CONSTRAINT "website_incidents_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_sites" ADD CONSTRAINT "website_sites_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_sites" ADD CONSTRAINT "website_sites_product_instance_id_product_instances_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_uptime_days" ADD CONSTRAINT "website_uptime_days_site_id_website_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."website_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ct_calls_external_key" ON "ct_calls" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "ct_calls_connection_called_idx" ON "ct_calls" USING btree ("connection_id","called_at");--> statement-breakpoint
CREATE INDEX "ct_calls_company_called_idx" ON "ct_calls" USING btree ("company_id","called_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ct_tracking_numbers_external_key" ON "ct_tracking_numbers" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "listing_scans_product_idx" ON "listing_scans" USING btree ("product_id","started_at");--> statement-breakpoint
CREATE INDEX "listing_scans_state_idx" ON "listing_scans" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "bstac_qr_codes_ext_idx" ON "bstac_qr_codes" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bstac_scan_days_key_idx" ON "bstac_scan_days" USING btree ("connection_id","qr_external_id","day","dimension","label");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_code_idx" ON "qr_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "qr_codes_product_idx" ON "qr_codes" USING btree ("product_instance_id","created_at");--> statement-breakpoint
CREATE INDEX "qr_scans_code_time_idx" ON "qr_scans" USING btree ("qr_code_id","scanned_at");--> statement-breakpoint
CREATE INDEX "page_speed_jobs_site_created_idx" ON "page_speed_jobs" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "page_speed_runs_site_time_idx" ON "page_speed_runs" USING btree ("site_id","strategy","ran_at");--> statement-breakpoint
CREATE UNIQUE INDEX "page_speed_runs_job_strategy_key" ON "page_speed_runs" USING btree ("job_id","strategy");--> statement-breakpoint
CREATE INDEX "website_form_submissions_site_time_idx" ON "website_form_submissions" USING btree ("site_id","received_at");--> statement-breakpoint
CREATE INDEX "website_form_submissions_company_time_idx" ON "website_form_submissions" USING btree ("company_id","received_at");--> statement-breakpoint
CREATE INDEX "website_checks_site_time_idx" ON "website_checks" USING btree ("site_id","checked_at");--> statement-breakpoint
CREATE INDEX "website_incidents_site_started_idx" ON "website_incidents" USING btree ("site_id","started_at");--> statement-breakpoint
CREATE INDEX "website_incidents_company_idx" ON "website_incidents" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_sites_product_key" ON "website_sites" USING btree ("product_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_sites_demo_slug_key" ON "website_sites" USING btree ("demo_slug");--> statement-breakpoint
CREATE INDEX "website_sites_company_idx" ON "website_sites" USING btree ("company_id");