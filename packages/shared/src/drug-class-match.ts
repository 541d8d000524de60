import { CROSS_REACTIVE_CLASSES, DRUG_CLASSES, type TDrugClassCode } from './drug-classes.ts';

/**
 * Whether a medication meets an allergy: by drug class (drug-classes.ts) first, then, for
 * substances the table does not know, by the allergy's words appearing in the medication's name.
 * Both texts are cut into words and compared word by word, so no regular expression is ever
 * built from what a user typed and hostile text costs time linear in its length.
 */

export const ALLERGY_MATCH_LEVELS = ['match', 'caution'] as const;
export type TAllergyMatchLevel = (typeof ALLERGY_MATCH_LEVELS)[number];

/**
 * `match`: the medication is the allergy's substance or of its class (or names its words);
 * `caution`: it is of a class that cross-reacts with the allergy's. `drugClass` is the
 * medication's class, null for a match by words alone.
 */
export interface AllergyMatch {
  level: TAllergyMatchLevel;
  drugClass: TDrugClassCode | null;
}

/** A text read once: its words and the drug classes it names. */
export interface DrugText {
  words: readonly string[];
  /** The same words as a set: most pairs share none, and that is one look-up to tell. */
  wordSet: ReadonlySet<string>;
  classes: readonly TDrugClassCode[];
}

/** Chinese has no spaces between words: each ideograph is a word of its own. */
const WORDS = /\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;
const MARKS = /\p{M}/gu;
/** German writes 'Penicillinallergie' as one word; its first part is the substance. */
const ALLERGY_SUFFIX = 'allergie';

/**
 * The words of a text: compatibility-folded ('ＰＥＮＩＣＩＬＬＩＮ'), lower-cased, without accents
 * or other combining marks ('Céfalexine' → 'cefalexine'; Arabic hamza and vowel signs fold
 * likewise); Arabic and Chinese are otherwise kept as written.
 */
export function wordsOf(text: string): string[] {
  const folded = text
    .normalize('NFKC')
    .toLocaleLowerCase('und')
    .normalize('NFD')
    .replace(MARKS, '')
    .normalize('NFC');
  const words: string[] = [];
  for (const [word] of folded.matchAll(WORDS)) {
    if (word.length > ALLERGY_SUFFIX.length && word.endsWith(ALLERGY_SUFFIX))
      words.push(word.slice(0, -ALLERGY_SUFFIX.length), ALLERGY_SUFFIX);
    else words.push(word);
  }
  return words;
}

/** Whether `needle` occurs in `haystack` as a run of consecutive whole words. */
function hasWordRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return false;
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (isRunAt(haystack, needle, start)) return true;
  }
  return false;
}

const isRunAt = (haystack: readonly string[], needle: readonly string[], start: number) =>
  needle.every((word, offset) => haystack[start + offset] === word);

interface Term {
  words: readonly string[];
  code: TDrugClassCode;
}

/** Every name of the table, by its first word: read once, on first use. */
let termsByFirstWord: Map<string, Term[]> | undefined;

function termIndex(): Map<string, Term[]> {
  if (termsByFirstWord) return termsByFirstWord;
  const index = new Map<string, Term[]>();
  for (const drugClass of DRUG_CLASSES) {
    const names = [...drugClass.classNames, ...drugClass.members.flat(), ...drugClass.combinations];
    for (const name of names) {
      const words = wordsOf(name);
      const first = words[0];
      if (first === undefined) continue;
      const terms = index.get(first) ?? [];
      terms.push({ words, code: drugClass.code });
      index.set(first, terms);
    }
  }
  termsByFirstWord = index;
  return index;
}

/** The drug classes whose class names, members or combinations the words contain. */
function classesNamedBy(words: readonly string[]): TDrugClassCode[] {
  const index = termIndex();
  const found = new Set<TDrugClassCode>();
  words.forEach((word, start) => {
    for (const term of index.get(word) ?? []) {
      if (!found.has(term.code) && isRunAt(words, term.words, start)) found.add(term.code);
    }
  });
  return DRUG_CLASSES.map((c) => c.code).filter((code) => found.has(code));
}

/**
 * Texts already read. A patient's allergies and medications are compared with each other on
 * every prescription and every allergy answer, so each name is read once, not once per pair
 * (200 allergies against 1,000 medications took 3 s of CPU read pair by pair). Names are short
 * (at most 200 characters); the cache is emptied when full.
 */
const readTexts = new Map<string, DrugText>();
const READ_TEXTS_MAX = 20_000;

/** Reads a medication or an allergy's substance once, for any number of comparisons. */
export function readDrugText(text: string): DrugText {
  let read = readTexts.get(text);
  if (read) return read;
  const words = wordsOf(text);
  read = { words, wordSet: new Set(words), classes: classesNamedBy(words) };
  if (readTexts.size >= READ_TEXTS_MAX) readTexts.clear();
  readTexts.set(text, read);
  return read;
}

const isCrossReactive = (a: TDrugClassCode, b: TDrugClassCode) =>
  CROSS_REACTIVE_CLASSES.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

/** How a medication meets an allergy's substance, or null when it does not. */
export function matchAllergy(medication: DrugText, substance: DrugText): AllergyMatch | null {
  const shared = medication.classes.find((code) => substance.classes.includes(code));
  if (shared) return { level: 'match', drugClass: shared };
  const crossing = medication.classes.find((code) =>
    substance.classes.some((other) => isCrossReactive(code, other)),
  );
  if (crossing) return { level: 'caution', drugClass: crossing };
  const first = substance.words[0];
  if (first === undefined || !medication.wordSet.has(first)) return null;
  if (hasWordRun(medication.words, substance.words)) return { level: 'match', drugClass: null };
  return null;
}

/** The allergies (of those given) a medication meets, each with how. */
export function allergiesMetBy<Allergy extends { substance: string }>(
  medication: string,
  allergies: readonly Allergy[],
): { allergy: Allergy; match: AllergyMatch }[] {
  const read = readDrugText(medication);
  return allergies.flatMap((allergy) => {
    const match = matchAllergy(read, readDrugText(allergy.substance));
    return match ? [{ allergy, match }] : [];
  });
}

/** The prescriptions (of those given) whose medication meets an allergy's substance. */
export function prescriptionsMeeting<Prescription extends { medication: string }>(
  substance: string,
  prescriptions: readonly Prescription[],
): { prescription: Prescription; match: AllergyMatch }[] {
  const read = readDrugText(substance);
  return prescriptions.flatMap((prescription) => {
    const match = matchAllergy(readDrugText(prescription.medication), read);
    return match ? [{ prescription, match }] : [];
  });
}
