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
const texts = Array.from({ length: 1000 }, (_, i) =>
  i % 2 === 0 ? `${spellings[i % spellings.length]} 500 mg` : words[i % words.length]!,
);
const allergies = texts.map((substance) => ({ substance }));
const prescriptions = texts.map((medication) => ({ medication }));

const time = (run: () => unknown) =>
  median(
    Array.from({ length: 7 }, () => {
      const start = performance.now();
      run();
      return performance.now() - start;
    }),
  );

const firstRead = (() => {
  const start = performance.now();
  readDrugText('Amoxicillin');
  return performance.now() - start;
})();
const hostile = `${'a '.repeat(99)}!`;
const result = {
  spellings: spellings.length,
  members: DRUG_CLASSES.reduce((n, c) => n + c.members.length, 0),
  firstReadWithTableMs: +firstRead.toFixed(2),
  oneReadMs: +time(() => readDrugText('Amoxicillin/clavulanate 875/125 mg')).toFixed(4),
  hostileReadMs: +time(() => readDrugText(hostile)).toFixed(4),
  medicationAgainst1000AllergiesMs: +time(() =>
    allergiesMetBy('Co-amoxiclav 625 mg', allergies),
  ).toFixed(2),
  allergyAgainst1000PrescriptionsMs: +time(() =>
    prescriptionsMeeting('penicillin', prescriptions),
  ).toFixed(2),
};
console.log(JSON.stringify(result, null, 2));
