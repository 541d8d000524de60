/**
 * A curated list of common vaccines with their CDC CVX codes (the code system FHIR names
 * `http://hl7.org/fhir/sid/cvx`) and names in the portal's five languages. `display` is the
 * CVX short description, as a FHIR coding carries it; a vaccine not listed is entered as text.
 */
export const CVX_SYSTEM = 'http://hl7.org/fhir/sid/cvx';

interface Vaccine {
  display: string;
  names: { en: string; ar: string; fr: string; de: string; 'zh-CN': string };
}

export const VACCINES = {
  '08': {
    display: 'Hep B, adolescent or pediatric',
    names: {
      en: 'Hepatitis B (child)',
      ar: 'التهاب الكبد ب (للأطفال)',
      fr: 'Hépatite B (enfant)',
      de: 'Hepatitis B (Kinder)',
      'zh-CN': '乙型肝炎（儿童）',
    },
  },
  '43': {
    display: 'Hep B, adult',
    names: {
      en: 'Hepatitis B (adult)',
      ar: 'التهاب الكبد ب (للبالغين)',
      fr: 'Hépatite B (adulte)',
      de: 'Hepatitis B (Erwachsene)',
      'zh-CN': '乙型肝炎（成人）',
    },
  },
  '83': {
    display: 'Hep A, ped/adol, 2 dose',
    names: {
      en: 'Hepatitis A (child)',
      ar: 'التهاب الكبد أ (للأطفال)',
      fr: 'Hépatite A (enfant)',
      de: 'Hepatitis A (Kinder)',
      'zh-CN': '甲型肝炎（儿童）',
    },
  },
  '52': {
    display: 'Hep A, adult',
    names: {
      en: 'Hepatitis A (adult)',
      ar: 'التهاب الكبد أ (للبالغين)',
      fr: 'Hépatite A (adulte)',
      de: 'Hepatitis A (Erwachsene)',
      'zh-CN': '甲型肝炎（成人）',
    },
  },
  '03': {
    display: 'MMR',
    names: {
      en: 'Measles, mumps and rubella (MMR)',
      ar: 'الحصبة والنكاف والحصبة الألمانية (MMR)',
      fr: 'Rougeole, oreillons, rubéole (ROR)',
      de: 'Masern, Mumps, Röteln (MMR)',
      'zh-CN': '麻疹、腮腺炎和风疹（MMR）',
    },
  },
  '21': {
    display: 'varicella',
    names: {
      en: 'Chickenpox (varicella)',
      ar: 'جدري الماء (الحماق)',
      fr: 'Varicelle',
      de: 'Windpocken (Varizellen)',
      'zh-CN': '水痘',
    },
  },
  '20': {
    display: 'DTaP',
    names: {
      en: 'Diphtheria, tetanus and pertussis (DTaP)',
      ar: 'الخناق والكزاز والسعال الديكي (DTaP)',
      fr: 'Diphtérie, tétanos, coqueluche (DTCa)',
      de: 'Diphtherie, Tetanus, Keuchhusten (DTaP)',
      'zh-CN': '白喉、破伤风和百日咳（DTaP）',
    },
  },
  '115': {
    display: 'Tdap',
    names: {
      en: 'Tetanus, diphtheria and pertussis booster (Tdap)',
      ar: 'جرعة معززة للكزاز والخناق والسعال الديكي (Tdap)',
      fr: 'Rappel tétanos, diphtérie, coqueluche (dTca)',
      de: 'Auffrischung Tetanus, Diphtherie, Keuchhusten (Tdap)',
      'zh-CN': '破伤风、白喉和百日咳加强针（Tdap）',
    },
  },
  '113': {
    display: 'Td (adult) preservative free',
    names: {
      en: 'Tetanus and diphtheria (Td)',
      ar: 'الكزاز والخناق (Td)',
      fr: 'Tétanos et diphtérie (dT)',
      de: 'Tetanus und Diphtherie (Td)',
      'zh-CN': '破伤风和白喉（Td）',
    },
  },
  '10': {
    display: 'IPV',
    names: {
      en: 'Polio (inactivated, IPV)',
      ar: 'شلل الأطفال (المعطل، IPV)',
      fr: 'Poliomyélite (inactivé, VPI)',
      de: 'Polio (inaktiviert, IPV)',
      'zh-CN': '脊髓灰质炎（灭活，IPV）',
    },
  },
  '48': {
    display: 'Hib (PRP-T)',
    names: {
      en: 'Haemophilus influenzae type b (Hib)',
      ar: 'المستدمية النزلية من النوع ب (Hib)',
      fr: 'Haemophilus influenzae de type b (Hib)',
      de: 'Haemophilus influenzae Typ b (Hib)',
      'zh-CN': 'b型流感嗜血杆菌（Hib）',
    },
  },
  '133': {
    display: 'Pneumococcal conjugate PCV 13',
    names: {
      en: 'Pneumococcal conjugate (PCV13)',
      ar: 'المكورات الرئوية المقترن (PCV13)',
      fr: 'Pneumocoque conjugué (VPC13)',
      de: 'Pneumokokken-Konjugat (PCV13)',
      'zh-CN': '肺炎球菌结合疫苗（PCV13）',
    },
  },
  '33': {
    display: 'pneumococcal polysaccharide PPV23',
    names: {
      en: 'Pneumococcal polysaccharide (PPSV23)',
      ar: 'المكورات الرئوية عديد السكاريد (PPSV23)',
      fr: 'Pneumocoque polyosidique (VPP23)',
      de: 'Pneumokokken-Polysaccharid (PPSV23)',
      'zh-CN': '肺炎球菌多糖疫苗（PPSV23）',
    },
  },
  '165': {
    display: 'HPV9',
    names: {
      en: 'Human papillomavirus (HPV9)',
      ar: 'فيروس الورم الحليمي البشري (HPV9)',
      fr: 'Papillomavirus humain (HPV9)',
      de: 'Humane Papillomviren (HPV9)',
      'zh-CN': '人乳头瘤病毒（HPV9）',
    },
  },
  '150': {
    display: 'Influenza, injectable, quadrivalent, preservative free',
    names: {
      en: 'Influenza (flu), injection',
      ar: 'الإنفلونزا، حقن',
      fr: 'Grippe, injectable',
      de: 'Influenza (Grippe), Injektion',
      'zh-CN': '流感，注射',
    },
  },
  '208': {
    display: 'COVID-19, mRNA, LNP-S, PF, 30 mcg/0.3 mL dose',
    names: {
      en: 'COVID-19 (mRNA)',
      ar: 'كوفيد-19 (mRNA)',
      fr: 'COVID-19 (ARNm)',
      de: 'COVID-19 (mRNA)',
      'zh-CN': '新冠肺炎（mRNA）',
    },
  },
  '187': {
    display: 'zoster recombinant',
    names: {
      en: 'Shingles (zoster, recombinant)',
      ar: 'الهربس النطاقي (مؤتلف)',
      fr: 'Zona (recombinant)',
      de: 'Gürtelrose (Zoster, rekombinant)',
      'zh-CN': '带状疱疹（重组）',
    },
  },
  '114': {
    display: 'meningococcal MCV4P',
    names: {
      en: 'Meningococcal ACWY',
      ar: 'المكورات السحائية ACWY',
      fr: 'Méningocoque ACWY',
      de: 'Meningokokken ACWY',
      'zh-CN': 'ACWY群脑膜炎球菌',
    },
  },
  '19': {
    display: 'BCG',
    names: {
      en: 'Tuberculosis (BCG)',
      ar: 'السل (BCG)',
      fr: 'Tuberculose (BCG)',
      de: 'Tuberkulose (BCG)',
      'zh-CN': '结核病（卡介苗）',
    },
  },
  '116': {
    display: 'rotavirus, pentavalent',
    names: {
      en: 'Rotavirus',
      ar: 'فيروس الروتا',
      fr: 'Rotavirus',
      de: 'Rotavirus',
      'zh-CN': '轮状病毒',
    },
  },
  '37': {
    display: 'yellow fever',
    names: {
      en: 'Yellow fever',
      ar: 'الحمى الصفراء',
      fr: 'Fièvre jaune',
      de: 'Gelbfieber',
      'zh-CN': '黄热病',
    },
  },
  '25': {
    display: 'typhoid, oral',
    names: {
      en: 'Typhoid (oral)',
      ar: 'التيفوئيد (فموي)',
      fr: 'Typhoïde (orale)',
      de: 'Typhus (oral)',
      'zh-CN': '伤寒（口服）',
    },
  },
  '18': {
    display: 'rabies, intramuscular injection',
    names: {
      en: 'Rabies',
      ar: 'داء الكلب',
      fr: 'Rage',
      de: 'Tollwut',
      'zh-CN': '狂犬病',
    },
  },
} as const satisfies Record<string, Vaccine>;

export type TVaccineCode = keyof typeof VACCINES;
export const VACCINE_CODES = Object.keys(VACCINES) as [TVaccineCode, ...TVaccineCode[]];

/** A listed vaccine's name in `language` (English when the language is not one of the five). */
export function vaccineName(code: TVaccineCode, language: string): string {
  const { names } = VACCINES[code];
  return language in names ? names[language as keyof typeof names] : names.en;
}
