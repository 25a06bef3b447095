CREATE TABLE "insite_blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"scheduled_for" timestamp with time zone,
	"published_at" timestamp with time zone,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_holds" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"since" date NOT NULL,
	"set_by" integer
);
--> statement-breakpoint
CREATE TABLE "seo_keyword_positions" (
	"product_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"day" date NOT NULL,
	"position" integer,
	"url" text,
	CONSTRAINT "seo_keyword_positions_product_id_keyword_day_pk" PRIMARY KEY("product_id","keyword","day")
);
--> statement-breakpoint
CREATE TABLE "seo_ranking_pages" (
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"keyword" text NOT NULL,
	"position" integer NOT NULL,
	"previous_position" integer,
	"synced_at" timestamp with time zone NOT NULL,
	"provider" text NOT NULL,
	CONSTRAINT "seo_ranking_pages_product_id_url_keyword_pk" PRIMARY KEY("product_id","url","keyword")
);
--> statement-breakpoint
ALTER TABLE "insite_blog_posts" ADD CONSTRAINT "insite_blog_posts_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insite_blog_posts" ADD CONSTRAINT "insite_blog_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_holds" ADD CONSTRAINT "product_holds_product_id_product_instances_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_holds" ADD CONSTRAINT "product_holds_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_keyword_positions" ADD CONSTRAINT "seo_keyword_positions_product_id_product_instances_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_ranking_pages" ADD CONSTRAINT "seo_ranking_pages_product_id_product_instances_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insite_blog_posts_company_idx" ON "insite_blog_posts" USING btree ("company_id","state");--> statement-breakpoint
CREATE INDEX "insite_blog_posts_state_idx" ON "insite_blog_posts" USING btree ("state","updated_at");