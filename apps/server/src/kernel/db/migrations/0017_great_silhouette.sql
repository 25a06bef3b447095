CREATE TABLE "gbp_performance_days" (
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"desktop_maps" integer DEFAULT 0 NOT NULL,
	"desktop_search" integer DEFAULT 0 NOT NULL,
	"mobile_maps" integer DEFAULT 0 NOT NULL,
	"mobile_search" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"directions" integer DEFAULT 0 NOT NULL,
	"website_clicks" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gbp_performance_days_connection_id_day_pk" PRIMARY KEY("connection_id","day")
);
--> statement-breakpoint
ALTER TABLE "gbp_performance_days" ADD CONSTRAINT "gbp_performance_days_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gbp_performance_days" ADD CONSTRAINT "gbp_performance_days_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gbp_performance_days_company_day_idx" ON "gbp_performance_days" USING btree ("company_id","day");