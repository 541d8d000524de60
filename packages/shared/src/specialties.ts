/**
 * The directory's specialties: a curated part of the FHIR practice-setting value set
 * (`http://hl7.org/fhir/ValueSet/c80-practice-codes`), coded in SNOMED CT, with their names in
 * the portal's five languages. A listing stores codes only; a name is looked up here, so a
 * better translation needs no change of stored data. General paediatrics has no code in that
 * value set (only its sub-specialties), so it is not offered.
 */

export const SPECIALTY_SYSTEM = 'http://snomed.info/sct';

export const SPECIALTY_LANGUAGES = ['en', 'de', 'fr', 'ar', 'zh-CN'] as const;
export type TSpecialtyLanguage = (typeof SPECIALTY_LANGUAGES)[number];

export interface TSpecialty {
  /** The SNOMED CT concept id. */
  code: string;
  names: Record<TSpecialtyLanguage, string>;
}

export const SPECIALTIES = [
  {
    code: '394577000',
    names: {
      en: 'Anaesthetics',
      de: 'Anästhesiologie',
      fr: 'Anesthésiologie',
      ar: 'التخدير',
      'zh-CN': '麻醉科',
    },
  },
  {
    code: '394579002',
    names: {
      en: 'Cardiology',
      de: 'Kardiologie',
      fr: 'Cardiologie',
      ar: 'أمراض القلب',
      'zh-CN': '心脏病科',
    },
  },
  {
    code: '408466002',
    names: {
      en: 'Cardiac surgery',
      de: 'Herzchirurgie',
      fr: 'Chirurgie cardiaque',
      ar: 'جراحة القلب',
      'zh-CN': '心脏外科',
    },
  },
  {
    code: '394803006',
    names: {
      en: 'Haematology',
      de: 'Hämatologie',
      fr: 'Hématologie',
      ar: 'أمراض الدم',
      'zh-CN': '血液科',
    },
  },
  {
    code: '394582007',
    names: {
      en: 'Dermatology',
      de: 'Dermatologie',
      fr: 'Dermatologie',
      ar: 'الأمراض الجلدية',
      'zh-CN': '皮肤科',
    },
  },
  {
    code: '408444009',
    names: {
      en: 'General dentistry',
      de: 'Allgemeine Zahnheilkunde',
      fr: 'Médecine dentaire générale',
      ar: 'طب الأسنان العام',
      'zh-CN': '全科牙科',
    },
  },
  {
    code: '408475000',
    names: {
      en: 'Diabetes care',
      de: 'Diabetologie',
      fr: 'Diabétologie',
      ar: 'طب السكري',
      'zh-CN': '糖尿病科',
    },
  },
  {
    code: '394576009',
    names: {
      en: 'Accident and emergency',
      de: 'Notfallmedizin',
      fr: 'Médecine d’urgence',
      ar: 'طب الطوارئ',
      'zh-CN': '急诊科',
    },
  },
  {
    code: '394583002',
    names: {
      en: 'Endocrinology',
      de: 'Endokrinologie',
      fr: 'Endocrinologie',
      ar: 'الغدد الصماء',
      'zh-CN': '内分泌科',
    },
  },
  {
    code: '419772000',
    names: {
      en: 'Family medicine',
      de: 'Familienmedizin',
      fr: 'Médecine familiale',
      ar: 'طب الأسرة',
      'zh-CN': '家庭医学科',
    },
  },
  {
    code: '394584008',
    names: {
      en: 'Gastroenterology',
      de: 'Gastroenterologie',
      fr: 'Gastro-entérologie',
      ar: 'أمراض الجهاز الهضمي',
      'zh-CN': '消化内科',
    },
  },
  {
    code: '394814009',
    names: {
      en: 'General practice',
      de: 'Allgemeinmedizin',
      fr: 'Médecine générale',
      ar: 'الممارسة العامة',
      'zh-CN': '全科医学',
    },
  },
  {
    code: '394609007',
    names: {
      en: 'General surgery',
      de: 'Allgemeinchirurgie',
      fr: 'Chirurgie générale',
      ar: 'الجراحة العامة',
      'zh-CN': '普通外科',
    },
  },
  {
    code: '394811001',
    names: {
      en: 'Geriatric medicine',
      de: 'Geriatrie',
      fr: 'Gériatrie',
      ar: 'طب الشيخوخة',
      'zh-CN': '老年医学科',
    },
  },
  {
    code: '394586005',
    names: {
      en: 'Gynaecology',
      de: 'Gynäkologie',
      fr: 'Gynécologie',
      ar: 'أمراض النساء',
      'zh-CN': '妇科',
    },
  },
  {
    code: '394807007',
    names: {
      en: 'Infectious diseases',
      de: 'Infektiologie',
      fr: 'Maladies infectieuses',
      ar: 'الأمراض المعدية',
      'zh-CN': '感染科',
    },
  },
  {
    code: '419192003',
    names: {
      en: 'Internal medicine',
      de: 'Innere Medizin',
      fr: 'Médecine interne',
      ar: 'الطب الباطني',
      'zh-CN': '内科',
    },
  },
  {
    code: '394593009',
    names: {
      en: 'Medical oncology',
      de: 'Internistische Onkologie',
      fr: 'Oncologie médicale',
      ar: 'الأورام الطبية',
      'zh-CN': '肿瘤内科',
    },
  },
  {
    code: '394589003',
    names: {
      en: 'Nephrology',
      de: 'Nephrologie',
      fr: 'Néphrologie',
      ar: 'أمراض الكلى',
      'zh-CN': '肾内科',
    },
  },
  {
    code: '394591006',
    names: {
      en: 'Neurology',
      de: 'Neurologie',
      fr: 'Neurologie',
      ar: 'طب الأعصاب',
      'zh-CN': '神经内科',
    },
  },
  {
    code: '394610002',
    names: {
      en: 'Neurosurgery',
      de: 'Neurochirurgie',
      fr: 'Neurochirurgie',
      ar: 'جراحة الأعصاب',
      'zh-CN': '神经外科',
    },
  },
  {
    code: '394585009',
    names: {
      en: 'Obstetrics and gynaecology',
      de: 'Frauenheilkunde und Geburtshilfe',
      fr: 'Gynécologie-obstétrique',
      ar: 'التوليد وأمراض النساء',
      'zh-CN': '妇产科',
    },
  },
  {
    code: '394594003',
    names: {
      en: 'Ophthalmology',
      de: 'Augenheilkunde',
      fr: 'Ophtalmologie',
      ar: 'طب العيون',
      'zh-CN': '眼科',
    },
  },
  {
    code: '418960008',
    names: {
      en: 'Ear, nose and throat',
      de: 'Hals-Nasen-Ohren-Heilkunde',
      fr: 'Oto-rhino-laryngologie',
      ar: 'الأنف والأذن والحنجرة',
      'zh-CN': '耳鼻喉科',
    },
  },
  {
    code: '394801008',
    names: {
      en: 'Trauma and orthopaedics',
      de: 'Orthopädie und Unfallchirurgie',
      fr: 'Orthopédie et traumatologie',
      ar: 'جراحة العظام والإصابات',
      'zh-CN': '骨科与创伤外科',
    },
  },
  {
    code: '394882004',
    names: {
      en: 'Pain management',
      de: 'Schmerztherapie',
      fr: 'Traitement de la douleur',
      ar: 'علاج الألم',
      'zh-CN': '疼痛科',
    },
  },
  {
    code: '394806003',
    names: {
      en: 'Palliative medicine',
      de: 'Palliativmedizin',
      fr: 'Médecine palliative',
      ar: 'الطب التلطيفي',
      'zh-CN': '姑息医学科',
    },
  },
  {
    code: '394611003',
    names: {
      en: 'Plastic surgery',
      de: 'Plastische Chirurgie',
      fr: 'Chirurgie plastique',
      ar: 'الجراحة التجميلية',
      'zh-CN': '整形外科',
    },
  },
  {
    code: '394587001',
    names: {
      en: 'Psychiatry',
      de: 'Psychiatrie',
      fr: 'Psychiatrie',
      ar: 'الطب النفسي',
      'zh-CN': '精神科',
    },
  },
  {
    code: '394588006',
    names: {
      en: 'Child and adolescent psychiatry',
      de: 'Kinder- und Jugendpsychiatrie',
      fr: 'Pédopsychiatrie',
      ar: 'الطب النفسي للأطفال والمراهقين',
      'zh-CN': '儿童青少年精神科',
    },
  },
  {
    code: '418112009',
    names: {
      en: 'Pulmonology',
      de: 'Pneumologie',
      fr: 'Pneumologie',
      ar: 'أمراض الرئة',
      'zh-CN': '呼吸内科',
    },
  },
  {
    code: '394914008',
    names: { en: 'Radiology', de: 'Radiologie', fr: 'Radiologie', ar: 'الأشعة', 'zh-CN': '放射科' },
  },
  {
    code: '394602003',
    names: {
      en: 'Rehabilitation',
      de: 'Rehabilitationsmedizin',
      fr: 'Médecine de réadaptation',
      ar: 'إعادة التأهيل',
      'zh-CN': '康复医学科',
    },
  },
  {
    code: '394810000',
    names: {
      en: 'Rheumatology',
      de: 'Rheumatologie',
      fr: 'Rhumatologie',
      ar: 'أمراض الروماتيزم',
      'zh-CN': '风湿免疫科',
    },
  },
  {
    code: '394612005',
    names: {
      en: 'Urology',
      de: 'Urologie',
      fr: 'Urologie',
      ar: 'المسالك البولية',
      'zh-CN': '泌尿外科',
    },
  },
] as const satisfies readonly TSpecialty[];

export type TSpecialtyCode = (typeof SPECIALTIES)[number]['code'];

export const SPECIALTY_CODES: readonly string[] = SPECIALTIES.map(({ code }) => code);

const BY_CODE = new Map<string, TSpecialty>(
  SPECIALTIES.map((specialty) => [specialty.code, specialty]),
);

/** The specialty of a code, or undefined for a code not in the catalogue. */
export const specialtyOf = (code: string): TSpecialty | undefined => BY_CODE.get(code);

/** Lower case without accents: "Gastro-entérologie" is found by "enterologie". */
const folded = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');

const FOLDED_NAMES = SPECIALTIES.map(({ code, names }) => ({
  code,
  names: Object.values(names).map(folded),
}));

/**
 * The codes whose name in any of the five languages contains the text (ignoring case and
 * accents): how a search for "cardio", "Kardio" or "心脏" finds cardiologists. Empty text: none.
 */
export function specialtyCodesMatching(text: string): string[] {
  const wanted = folded(text.trim());
  if (wanted === '') return [];
  return FOLDED_NAMES.filter(({ names }) => names.some((name) => name.includes(wanted))).map(
    ({ code }) => code,
  );
}
