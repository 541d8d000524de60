import { describe, expect, it } from 'vitest';
import {
  allergiesMetBy,
  matchAllergy,
  prescriptionsMeeting,
  readDrugText,
  wordsOf,
} from './drug-class-match.ts';

const meet = (medication: string, substance: string) =>
  matchAllergy(readDrugText(medication), readDrugText(substance));

describe('matchAllergy', () => {
  it('warns for amoxicillin and its combinations when the patient is allergic to penicillin', () => {
    for (const medication of [
      'Amoxicillin 500 mg',
      'AMOXICILLIN trihydrate',
      'Co-amoxiclav 625 mg',
      'Amoxicillin/clavulanate 875/125',
      'Amoxicillin-clavulanic acid',
      'Amoxicilline/acide clavulanique 1 g',
      'Piperacillin/tazobactam 4.5 g IV',
      'Penicillin V potassium 250 mg',
      '阿莫西林胶囊 0.25g',
    ])
      expect(meet(medication, 'Penicillin'), medication).toEqual({
        level: 'match',
        drugClass: 'J01C',
      });
  });

  it('reads the allergy in any of the five languages, German compounds and sentences included', () => {
    for (const allergy of [
      'penicillins',
      'Penicillinallergie',
      'Allergie à la pénicilline',
      'حساسية من البنسلين',
      '青霉素过敏',
      'amoxicillin (rash)',
    ])
      expect(meet('Flucloxacillin 500 mg', allergy), allergy).toEqual({
        level: 'match',
        drugClass: 'J01C',
      });
  });

  it('folds US and UK spellings, accents and full-width forms', () => {
    expect(meet('Cephalexin 250 mg', 'cefalexin')).toEqual({ level: 'match', drugClass: 'J01D' });
    expect(meet('Sulphamethoxazole', 'sulfa')).toEqual({ level: 'match', drugClass: 'J01E' });
    expect(meet('CÉFALEXINE', 'céphalosporines')).toEqual({ level: 'match', drugClass: 'J01D' });
    expect(meet('ＩＢＵＰＲＯＦＥＮ 400', 'NSAID')).toEqual({ level: 'match', drugClass: 'M01A' });
  });

  it('warns for the class of the few that are easy to miss: celecoxib, codeine, co-trimoxazole', () => {
    expect(meet('Celecoxib 200 mg', 'NSAIDs')).toEqual({ level: 'match', drugClass: 'M01A' });
    expect(meet('Co-codamol 30/500', 'opioid')).toEqual({ level: 'match', drugClass: 'N02A' });
    expect(meet('Codeine phosphate', 'morphine')).toEqual({ level: 'match', drugClass: 'N02A' });
    expect(meet('Co-trimoxazole 960 mg', 'sulfonamide')).toEqual({
      level: 'match',
      drugClass: 'J01E',
    });
    expect(meet('Trimethoprim/sulfamethoxazole', 'Sulfa')).toEqual({
      level: 'match',
      drugClass: 'J01E',
    });
  });

  it('cautions (cross-reactivity) between penicillins and cephalosporins, and aspirin and NSAIDs', () => {
    expect(meet('Ceftriaxone 1 g', 'penicillin')).toEqual({ level: 'caution', drugClass: 'J01D' });
    expect(meet('Amoxicillin', 'cefuroxime')).toEqual({ level: 'caution', drugClass: 'J01C' });
    expect(meet('Ibuprofen 400 mg', 'aspirin')).toEqual({ level: 'caution', drugClass: 'M01A' });
  });

  it('does not warn for drugs that only look alike or only share a chemical group', () => {
    for (const [medication, substance] of [
      ['Penicillamine 250 mg', 'penicillin'],
      ['Meropenem 1 g', 'penicillin'],
      ['Furosemide 40 mg', 'sulfonamide'],
      ['Furosemide 40 mg', 'sulfa'],
      ['Hydrochlorothiazide 25 mg', 'sulfonamides'],
      ['Chlortalidone', 'sulfamethoxazole'],
      ['Glibenclamide 5 mg', 'sulfa'],
      ['Gliclazide', 'co-trimoxazole'],
      ['Acetazolamide', 'sulfa'],
      ['Celecoxib 200 mg', 'sulfonamide'],
      ['Trimethoprim 200 mg', 'sulfa'],
      ['Paracetamol 1 g', 'NSAID'],
      ['Naloxone 0.4 mg', 'opioid'],
      ['Gadobutrol', 'iodinated contrast'],
      ['Losartan 50 mg', 'ACE inhibitor'],
      ['Clindamycin', 'macrolide'],
    ] as const)
      expect(meet(medication, substance), `${medication} / ${substance}`).toBeNull();
  });

  it('keeps matching plain whole words for substances outside the table', () => {
    expect(meet('Arachis (peanut oil) cream', 'Peanut oil')).toEqual({
      level: 'match',
      drugClass: null,
    });
    expect(meet('Peanut-free oil', 'peanut oil')).toBeNull();
    expect(meet('Amoxicillin', 'cillin')).toBeNull();
    expect(meet('Aspirinate', 'aspirin')).toBeNull();
  });

  it('never matches a substance without words, and treats regex syntax as text', () => {
    expect(meet('.* anything', '.*')).toBeNull();
    expect(meet('.* anything', '')).toBeNull();
    expect(meet('a+b drug', 'a+b')).toEqual({ level: 'match', drugClass: null });
    expect(wordsOf('(a+)+$ [x]')).toEqual(['a', 'x']);
  });

  it('handles hostile input of the largest allowed size', () => {
    const hostile = `${'a '.repeat(99)}!`;
    expect(meet(hostile, 'a '.repeat(100).trim())).toBeNull();
    expect(meet(hostile, 'a a a')).toEqual({ level: 'match', drugClass: null });
    expect(meet('阿'.repeat(200), '阿莫西林')).toBeNull();
  });
});

describe('allergiesMetBy and prescriptionsMeeting', () => {
  it('name each allergy a medication meets, and each prescription an allergy meets, with how', () => {
    const allergies = [
      { substance: 'Penicillin' },
      { substance: 'Latex' },
      { substance: 'aspirin' },
    ];
    expect(allergiesMetBy('Amoxicillin 500 mg', allergies)).toEqual([
      { allergy: allergies[0], match: { level: 'match', drugClass: 'J01C' } },
    ]);
    const prescriptions = [
      { medication: 'Cefalexin 500 mg' },
      { medication: 'Metformin' },
      { medication: 'Co-amoxiclav' },
    ];
    expect(prescriptionsMeeting('penicillins', prescriptions)).toEqual([
      { prescription: prescriptions[0], match: { level: 'caution', drugClass: 'J01D' } },
      { prescription: prescriptions[2], match: { level: 'match', drugClass: 'J01C' } },
    ]);
  });
});
