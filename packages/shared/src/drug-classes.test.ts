import { describe, expect, it } from 'vitest';
import { matchAllergy, readDrugText, type DrugText } from './drug-class-match.ts';
import { DRUG_CLASSES, DRUG_CLASS_CODES, type DrugClass } from './drug-classes.ts';

/** Every spelling of every member and combination product of a class. */
const spellingsOf = (drugClass: DrugClass) => [
  ...drugClass.members.flat(),
  ...drugClass.combinations,
];

const classOf = (code: string) => DRUG_CLASSES.find((c) => c.code === code)!;

/**
 * The pairs (medication, allergy) that do not meet as `expected`: collected, so one failure
 * names every wrong pair of the table at once instead of the first.
 */
function mismatches(
  medications: readonly string[],
  allergies: readonly string[],
  expected: { level: 'match' | 'caution'; drugClass: string },
): string[] {
  const read = new Map<string, DrugText>();
  const readOnce = (text: string) =>
    read.get(text) ?? read.set(text, readDrugText(text)).get(text)!;
  const wrong: string[] = [];
  for (const medication of medications)
    for (const allergy of allergies) {
      const match = matchAllergy(readOnce(medication), readOnce(allergy));
      if (match?.level !== expected.level || match.drugClass !== expected.drugClass)
        wrong.push(`${medication} / ${allergy}: ${JSON.stringify(match)}`);
    }
  return wrong;
}

describe('the drug class table', () => {
  it('has every class once, each with class names and members', () => {
    expect(DRUG_CLASSES.map((c) => c.code)).toEqual([...DRUG_CLASS_CODES]);
    for (const drugClass of DRUG_CLASSES) {
      expect(drugClass.classNames.length, drugClass.code).toBeGreaterThan(0);
      expect(drugClass.members.length, drugClass.code).toBeGreaterThan(0);
    }
  });

  describe.each(DRUG_CLASSES.map((c) => [c.code, c] as const))('%s', (code, drugClass) => {
    it('every spelling of every member and combination names this class and no other', () => {
      const wrong = spellingsOf(drugClass).filter(
        (spelling) => readDrugText(spelling).classes.join() !== code,
      );
      expect(wrong).toEqual([]);
    });

    it('every spelling warns (match) for an allergy recorded as any name of the class', () => {
      expect(
        mismatches(spellingsOf(drugClass), drugClass.classNames, {
          level: 'match',
          drugClass: code,
        }),
      ).toEqual([]);
    });

    it('every spelling warns (match) for an allergy to any member, in any of its spellings', () => {
      expect(
        mismatches(spellingsOf(drugClass), drugClass.members.flat(), {
          level: 'match',
          drugClass: code,
        }),
      ).toEqual([]);
    });
  });

  it('a penicillin allergy cautions for every cephalosporin, and the reverse', () => {
    const penicillins = classOf('J01C');
    const cephalosporins = classOf('J01D');
    const penicillinAllergies = [...penicillins.classNames, ...penicillins.members.flat()];
    const cephalosporinAllergies = [...cephalosporins.classNames, ...cephalosporins.members.flat()];
    expect(
      mismatches(spellingsOf(cephalosporins), penicillinAllergies, {
        level: 'caution',
        drugClass: 'J01D',
      }),
    ).toEqual([]);
    expect(
      mismatches(spellingsOf(penicillins), cephalosporinAllergies, {
        level: 'caution',
        drugClass: 'J01C',
      }),
    ).toEqual([]);
  });

  it('an aspirin allergy cautions for every other NSAID, and an NSAID allergy warns for aspirin', () => {
    const salicylates = classOf('N02BA');
    expect(
      mismatches(spellingsOf(classOf('M01A')), salicylates.members.flat(), {
        level: 'caution',
        drugClass: 'M01A',
      }),
    ).toEqual([]);
    expect(
      mismatches(spellingsOf(salicylates), ['NSAID', 'AINS', '非甾体抗炎药'], {
        level: 'match',
        drugClass: 'N02BA',
      }),
    ).toEqual([]);
  });

  it('no other pair of classes meets', () => {
    const wrong: string[] = [];
    for (const medicationClass of DRUG_CLASSES)
      for (const allergyClass of DRUG_CLASSES) {
        const pair = [medicationClass.code, allergyClass.code].sort().join();
        if (medicationClass === allergyClass || pair === 'J01C,J01D' || pair === 'M01A,N02BA')
          continue;
        const medication = readDrugText(medicationClass.members[0]![0]!);
        const allergy = readDrugText(allergyClass.members[0]![0]!);
        if (matchAllergy(medication, allergy)) wrong.push(pair);
      }
    expect(wrong).toEqual([]);
  });
});
