CREATE TABLE "voice_signatures" (
	"replay_key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "voice_signatures_expires_idx" ON "voice_signatures" USING btree ("expires_at");