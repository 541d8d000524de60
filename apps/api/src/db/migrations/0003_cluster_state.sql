CREATE TABLE "local_identity_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periodic_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp (3) with time zone NOT NULL,
	"last_started_by" text NOT NULL,
	"run_count" integer DEFAULT 1 NOT NULL
);
