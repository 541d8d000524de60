CREATE TABLE "voice_signatures" (
	"replay_key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parked_charge_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"event" jsonb NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "voice_signatures_expires_idx" ON "voice_signatures" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "parked_charge_events_payment_idx" ON "parked_charge_events" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "parked_charge_events_received_idx" ON "parked_charge_events" USING btree ("received_at");