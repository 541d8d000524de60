-- Voice calls bound to the user who started them. The agent's function requests are
-- linked to their call in voice_call_requests; a trigger copies the call id into every audit
-- event such a request writes, so the services' own audit rows are marked as coming from a voice
-- call without the services knowing about voice. The function route's request ids start with
-- 'voice-' (app.ts), so the trigger's WHEN skips every other audit row without running at all.
CREATE TABLE "voice_call_requests" (
	"request_id" text PRIMARY KEY NOT NULL,
	"call_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_calls" (
	"call_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"language" text NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "voice_call_id" text;--> statement-breakpoint
ALTER TABLE "voice_call_requests" ADD CONSTRAINT "voice_call_requests_call_id_voice_calls_call_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."voice_calls"("call_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_calls_user_idx" ON "voice_calls" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE FUNCTION audit_events_voice_call() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.voice_call_id := (SELECT call_id FROM voice_call_requests WHERE request_id = NEW.request_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_voice_call BEFORE INSERT ON "audit_events"
  FOR EACH ROW WHEN (NEW.request_id LIKE 'voice-%') EXECUTE FUNCTION audit_events_voice_call();
