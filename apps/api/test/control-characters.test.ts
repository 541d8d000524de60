import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT_FIELD_MESSAGES } from '@portal/shared/text-fields';
import { signIn, useTestApp } from './app.ts';
import { createPatient } from './factories/patients.ts';
import { patientInput } from '@portal/shared/patient.factories';
import { patients } from '../src/db/schema/patients.ts';

/**
 * The API side of the one-line rule: a line break in a name is a 400 with the field's message
 * that changes nothing, and a stored row that breaks the rule (a name with a tab) still reads.
 */

const ctx = useTestApp();

describe('one-line fields through the API', () => {
  it('answers 400 with the field message to a line break in a patient name, and changes nothing', async () => {
    const { headers } = await signIn(ctx);
    const patient = await createPatient(ctx, headers, { name: 'Amina Haddad' });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/records/patients/${patient._id}`,
      headers: { ...headers, 'if-match': '*' },
      payload: patientInput({ name: 'Amina\nHaddad' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { name: TEXT_FIELD_MESSAGES.oneLine },
    });
    const [row] = await ctx.database.db.select().from(patients).where(eq(patients.id, patient._id));
    expect(row!.name).toBe('Amina Haddad');
  });

  it('still reads a patient whose stored name has a tab', async () => {
    const { headers } = await signIn(ctx);
    const patient = await createPatient(ctx, headers, { name: 'Amina Haddad' });
    await ctx.database.db
      .update(patients)
      .set({ name: 'Amina\tHaddad' })
      .where(eq(patients.id, patient._id));
    const one = await ctx.app.inject({ url: `/api/records/patients/${patient._id}`, headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ name: 'Amina\tHaddad' });
    const list = await ctx.app.inject({ url: '/api/records/patients', headers });
    expect(list.statusCode).toBe(200);
  });
});
