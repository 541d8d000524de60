-- The patient's timeline reads a patient's stopped prescriptions newest first, keyset
-- (stopped_at, id). Partial: only stopped prescriptions are in it.
CREATE INDEX "prescriptions_patient_stopped_idx" ON "prescriptions" USING btree ("patient_id","stopped_at","id") WHERE "prescriptions"."stopped_at" is not null;