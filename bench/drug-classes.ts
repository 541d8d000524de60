/**
 * The cost of the class-aware allergy check, in process (no database): reading the table once,
 * reading one text, and the two checks at their largest (one medication against 1,000 active
 * allergies; one allergy against 1,000 active prescriptions), median of 7 runs. Prints JSON.
 * Run: node --import tsx drug-classes.ts
 */
import { performance } from 'node:perf_hooks';
import {
  allergiesMetBy,
  prescriptionsMeeting,
  readDrugText,
} from '@portal/shared/drug-class-match';
import { DRUG_CLASSES } from '@portal/shared/drug-classes';
import { median } from './lib/median.ts';

const spellings = DRUG_CLASSES.flatMap((c) => [
  ...c.classNames,
  ...c.members.flat(),
  ...c.combinations,
]);
const words = ['Latex', 'Peanut oil', 'Bee venom', 'Pollen', 'Nickel'];
/**
 * Names read once are remembered, so every run reads texts of its own (`run`): the figures are
 * what a patient's first answer costs, not a remembered one.
 */
const textsOf = (run: number, count = 1000) =>
  Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? `${spellings[i % spellings.length]} ${run}${i} mg`
      : `${words[i % words.length]!} ${run}${i}`,
  );

let run = 0;
const time = (measure: (run: number) => unknown) =>
  median(
    Array.from({ length: 7 }, () => {
      run += 1;
      const start = performance.now();
      measure(run);
      return performance.now() - start;
    }),
  );

const firstRead = (() => {
  const start = performance.now();
  readDrugText('Amoxicillin');
  return performance.now() - start;
})();
const result = {
  spellings: spellings.length,
  members: DRUG_CLASSES.reduce((n, c) => n + c.members.length, 0),
  firstReadWithTableMs: +firstRead.toFixed(2),
  oneReadMs: +time((r) => readDrugText(`Amoxicillin/clavulanate 875/125 mg ${r}`)).toFixed(4),
  hostileReadMs: +time((r) => readDrugText(`${'a '.repeat(99)}${r}`)).toFixed(4),
  medicationAgainst1000AllergiesMs: +time((r) =>
    allergiesMetBy(
      'Co-amoxiclav 625 mg',
      textsOf(r).map((substance) => ({ substance })),
    ),
  ).toFixed(2),
  allergyAgainst1000PrescriptionsMs: +time((r) =>
    prescriptionsMeeting(
      'penicillin',
      textsOf(r).map((medication) => ({ medication })),
    ),
  ).toFixed(2),
  /** An allergy list's page at its largest: each allergy against the same medications. */
  allergies200Against1000PrescriptionsMs: +time((r) => {
    const prescriptions = textsOf(r).map((medication) => ({ medication }));
    for (const substance of textsOf(r + 0.5, 200)) prescriptionsMeeting(substance, prescriptions);
  }).toFixed(2),
};
console.log(JSON.stringify(result, null, 2));
