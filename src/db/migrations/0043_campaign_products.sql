CREATE TABLE "application_choices" (
	"application_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"reserved" boolean DEFAULT false NOT NULL,
	CONSTRAINT "application_choices_application_id_product_id_pk" PRIMARY KEY("application_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"name" text NOT NULL,
	"store_id" integer,
	"external_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"retail_value" numeric(12, 2) NOT NULL,
	"image_url" text,
	"stock" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"external_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."reserved" >= 0 and "product_variants"."reserved" <= "product_variants"."stock"),
	CONSTRAINT "product_variants_value_check" CHECK ("product_variants"."retail_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"order_id" text,
	"order_name" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_orders_state_check" CHECK ("store_orders"."state" in ('pending','created','failed','cancelled'))
);
--> statement-breakpoint
CREATE TABLE "store_webhook_events" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand" text NOT NULL,
	"shop_domain" text NOT NULL,
	"shop_name" text NOT NULL,
	"token_sealed" text NOT NULL,
	"state" text DEFAULT 'connected' NOT NULL,
	"state_message" text,
	"checked_at" timestamp (3) with time zone,
	"synced_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_state_check" CHECK ("stores"."state" in ('connected','revoked','throttled','unreachable','failed'))
);
--> statement-breakpoint
ALTER TABLE "application_choices" ADD CONSTRAINT "application_choices_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_choices" ADD CONSTRAINT "application_choices_product_id_campaign_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "campaign_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_choices" ADD CONSTRAINT "application_choices_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_products" ADD CONSTRAINT "campaign_products_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_products" ADD CONSTRAINT "campaign_products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_campaign_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "campaign_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_choices_variant_idx" ON "application_choices" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "campaign_products_campaign_idx" ON "campaign_products" USING btree ("campaign_id","position","id");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position","id");--> statement-breakpoint
CREATE INDEX "store_orders_store_idx" ON "store_orders" USING btree ("store_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_order_idx" ON "store_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_shop_domain_idx" ON "stores" USING btree ("shop_domain");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_brand_idx" ON "stores" USING btree ("brand");