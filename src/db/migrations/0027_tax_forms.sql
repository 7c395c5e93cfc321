CREATE TABLE "tax_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"influencer_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"legal_name" text NOT NULL,
	"business_name" text,
	"tax_classification" text,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text,
	"postal_code" text,
	"country" text NOT NULL,
	"tin_type" text,
	"tin_sealed" text,
	"tin_last4" text,
	"date_of_birth_sealed" text,
	"treaty_country" text,
	"treaty_article" text,
	"certified_at" timestamp (3) with time zone NOT NULL,
	"replaced_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_forms_type_check" CHECK ("tax_forms"."type" in ('w9','w8ben')),
	CONSTRAINT "tax_forms_status_check" CHECK ("tax_forms"."status" in ('active','replaced')),
	CONSTRAINT "tax_forms_tin_type_check" CHECK ("tax_forms"."tin_type" is null or "tax_forms"."tin_type" in ('ssn','ein','foreign'))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "held_for_tax_form" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "influencers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_forms_active_idx" ON "tax_forms" USING btree ("influencer_id") WHERE "tax_forms"."status" = 'active';--> statement-breakpoint
CREATE INDEX "tax_forms_influencer_idx" ON "tax_forms" USING btree ("influencer_id","created_at" DESC NULLS LAST);