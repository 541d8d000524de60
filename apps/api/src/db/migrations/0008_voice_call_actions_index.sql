-- What one voice call did: the voice panel reads a call's audit events every few
-- seconds while the call is live. Partial: only the rows voice functions wrote are indexed.
CREATE INDEX "audit_events_voice_call_idx" ON "audit_events" USING btree ("voice_call_id","id") WHERE "audit_events"."voice_call_id" is not null;