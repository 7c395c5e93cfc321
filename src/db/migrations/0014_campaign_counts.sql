CREATE TABLE "campaign_counts" (
	"status" text NOT NULL,
	"platform" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "campaign_counts_status_platform_pk" PRIMARY KEY("status","platform")
);
