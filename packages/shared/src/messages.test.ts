import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZAllergyInput } from './allergy.ts';
import { ZAppointmentInput } from './appointment.ts';
import { MESSAGE_CODES, messageCodeOf } from './messages.ts';
import { PATIENT_KINDS } from './patient-kinds.ts';
import { ZPatientInput } from './patient.ts';
import { ZProfileInput } from './profile.ts';

/** The relative modules a source file imports at run time (type-only imports build nothing). */
function runtimeImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export) (?!type )[^;]*? from '([^']+)';/gms)].map(
    ([, specifier]) => specifier!,
  );
}

/** Every module `entry` loads at run time, itself included. */
function moduleGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const imports = runtimeImports(file);
    graph.set(file, imports);
    for (const specifier of imports) {
      if (specifier.startsWith('.')) pending.push(path.resolve(path.dirname(file), specifier));
    }
  }
  return graph;
}

describe('the field messages’ table', () => {
  it('is plain data: neither it nor any module it reads imports Zod or another package', () => {
    const graph = moduleGraph(path.join(import.meta.dirname, 'messages.ts'));
    const packages = [...graph].flatMap(([file, imports]) =>
      imports
        .filter((specifier) => !specifier.startsWith('.'))
        .map((specifier) => `${path.basename(file)} imports ${specifier}`),
    );
    expect(packages).toEqual([]);
    // The schema modules themselves stay out of it: they build their schemas when imported.
    expect([...graph.keys()].map((file) => path.basename(file))).not.toEqual(
      expect.arrayContaining(['patient.ts']),
    );
  });

  it('knows the messages the schemas produce, whichever module declares them', () => {
    const problems = [
      ZPatientInput.safeParse({}),
      ZAppointmentInput.safeParse({}),
      ZProfileInput.safeParse({ name: '' }),
      ZAllergyInput.safeParse({}),
    ].flatMap((result) => result.error?.issues ?? []);
    expect(problems.length).toBeGreaterThan(4);
    for (const issue of problems) {
      const { message } = issue;
      expect(messageCodeOf(message), message).toBeDefined();
    }
  });

  it('has each patient-owned kind’s messages under its kind’s name', () => {
    for (const { kind, messages } of PATIENT_KINDS) {
      for (const [key, message] of Object.entries(messages)) {
        expect(messageCodeOf(message)).toBe(`${kind}.${key}`);
      }
    }
    expect(MESSAGE_CODES).toEqual(expect.arrayContaining(['allergy.substanceRequired']));
  });
});
