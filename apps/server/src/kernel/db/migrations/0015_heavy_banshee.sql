CREATE TABLE "lsa_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"lead_id" bigint NOT NULL,
	"external_id" text NOT NULL,
	"channel" text NOT NULL,
	"participant_type" text,
	"event_at" timestamp with time zone NOT NULL,
	"call_duration_ms" integer,
	"recording_url" text,
	"message_text" text
);
--> statement-breakpoint
CREATE TABLE "lsa_daily" (
	"connection_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"spend_cents" bigint NOT NULL,
	"impressions" integer NOT NULL,
	"clicks" integer NOT NULL,
	"phone_calls" integer NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lsa_daily_connection_id_day_pk" PRIMARY KEY("connection_id","day")
);
--> statement-breakpoint
CREATE TABLE "lsa_leads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"lead_type" text NOT NULL,
	"category_id" text DEFAULT '' NOT NULL,
	"service_id" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"charged" boolean NOT NULL,
	"credit_state" text,
	"credit_updated_at" timestamp with time zone,
	"consumer_name" text,
	"consumer_phone" text,
	"consumer_email" text,
	"lead_created_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lsa_recordings" (
	"conversation_id" bigint PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lsa_conversations" ADD CONSTRAINT "lsa_conversations_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lsa_conversations" ADD CONSTRAINT "lsa_conversations_lead_id_lsa_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lsa_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lsa_daily" ADD CONSTRAINT "lsa_daily_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lsa_daily" ADD CONSTRAINT "lsa_daily_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lsa_leads" ADD CONSTRAINT "lsa_leads_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lsa_leads" ADD CONSTRAINT "lsa_leads_connection_id_vendor_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."vendor_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lsa_recordings" ADD CONSTRAINT "lsa_recordings_conversation_id_lsa_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."lsa_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lsa_conversations_external_key" ON "lsa_conversations" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "lsa_conversations_lead_idx" ON "lsa_conversations" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lsa_daily_company_day_idx" ON "lsa_daily" USING btree ("company_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "lsa_leads_external_key" ON "lsa_leads" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "lsa_leads_connection_created_idx" ON "lsa_leads" USING btree ("connection_id","lead_created_at");--> statement-breakpoint
CREATE INDEX "lsa_leads_company_created_idx" ON "lsa_leads" USING btree ("company_id","lead_created_at");