CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"product_instance_id" integer,
	"product_slug" text NOT NULL,
	"description" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"total_cents" integer NOT NULL,
	"amount_paid_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"brand" text,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"method" text NOT NULL,
	"brand" text,
	"last4" text,
	"paid_at" timestamp with time zone NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "customer_lead_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_lead_touches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contact_key" text,
	"name" text,
	"phone" text,
	"email" text,
	"status" text DEFAULT 'new' NOT NULL,
	"value_cents" integer,
	"sources" text[] NOT NULL,
	"first_source" text NOT NULL,
	"repeat" boolean DEFAULT false NOT NULL,
	"first_touch_at" timestamp with time zone NOT NULL,
	"last_touch_at" timestamp with time zone NOT NULL,
	"touch_count" integer DEFAULT 1 NOT NULL,
	"status_changed_at" timestamp with time zone,
	"won_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roi_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"avg_job_value_cents" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fbads_leads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"leadgen_id" text NOT NULL,
	"form_id" text NOT NULL,
	"ad_id" text,
	"campaign_id" text,
	"created_time" timestamp with time zone NOT NULL,
	"field_data" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_product_instance_id_product_instances_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_lead_events" ADD CONSTRAINT "customer_lead_events_lead_id_customer_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."customer_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_lead_events" ADD CONSTRAINT "customer_lead_events_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_lead_events" ADD CONSTRAINT "customer_lead_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_lead_touches" ADD CONSTRAINT "customer_lead_touches_lead_id_customer_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."customer_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_lead_touches" ADD CONSTRAINT "customer_lead_touches_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_leads" ADD CONSTRAINT "customer_leads_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roi_settings" ADD CONSTRAINT "roi_settings_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roi_settings" ADD CONSTRAINT "roi_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbads_leads" ADD CONSTRAINT "fbads_leads_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fbads_leads" ADD CONSTRAINT "fbads_leads_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_invoice_idx" ON "checkout_sessions" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_period_key" ON "invoices" USING btree ("company_id","period_start");--> statement-breakpoint
CREATE INDEX "invoices_company_status_idx" ON "invoices" USING btree ("company_id","status","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_external_key" ON "payments" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "payments_company_idx" ON "payments" USING btree ("company_id","paid_at");--> statement-breakpoint
CREATE INDEX "customer_lead_events_lead_idx" ON "customer_lead_events" USING btree ("lead_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_lead_touches_source_key" ON "customer_lead_touches" USING btree ("source","source_ref");--> statement-breakpoint
CREATE INDEX "customer_lead_touches_company_source_idx" ON "customer_lead_touches" USING btree ("company_id","source","occurred_at");--> statement-breakpoint
CREATE INDEX "customer_lead_touches_lead_idx" ON "customer_lead_touches" USING btree ("lead_id","occurred_at");--> statement-breakpoint
CREATE INDEX "customer_leads_company_time_idx" ON "customer_leads" USING btree ("company_id","first_touch_at");--> statement-breakpoint
CREATE INDEX "customer_leads_company_contact_idx" ON "customer_leads" USING btree ("company_id","contact_key","last_touch_at");--> statement-breakpoint
CREATE INDEX "customer_leads_company_status_idx" ON "customer_leads" USING btree ("company_id","status","first_touch_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fbads_leads_external_key" ON "fbads_leads" USING btree ("connection_id","leadgen_id");--> statement-breakpoint
CREATE INDEX "fbads_leads_company_created_idx" ON "fbads_leads" USING btree ("company_id","created_time");