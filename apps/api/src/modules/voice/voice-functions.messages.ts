/** The portal's languages; a voice call answers in the one its caller's session had. */
export const VOICE_LANGUAGES = ['en', 'ar', 'fr', 'de', 'zh-CN'] as const;
export type TVoiceLanguage = (typeof VOICE_LANGUAGES)[number];

export const isVoiceLanguage = (value: string): value is TVoiceLanguage =>
  (VOICE_LANGUAGES as readonly string[]).includes(value);

/** What a sentence may mention: names, times already formatted for the caller, counts. */
interface Values {
  count: number;
  date: string;
  name: string;
  patient: string;
  when: string;
  duration: number;
  slot: string;
}
type Sentence<Key extends keyof Values = never> = (values: Pick<Values, Key>) => string;

/**
 * The one short sentence each function answers, for the agent to say as it is. The agent's
 * prompt (voice-agent.definition.ts) asks it to read them back unchanged.
 */
export interface VoiceSentences {
  premiumOnly: Sentence;
  agenda: Sentence<'count' | 'date'>;
  agendaEmpty: Sentence<'date'>;
  patientsFound: Sentence<'count' | 'name'>;
  patientsNone: Sentence<'name'>;
  bookReadBack: Sentence<'patient' | 'when' | 'duration'>;
  booked: Sentence<'patient' | 'when'>;
  conflictNearest: Sentence<'slot'>;
  conflictNoSlot: Sentence;
  cancelReadBack: Sentence<'patient' | 'when'>;
  cancelled: Sentence<'patient' | 'when'>;
  patientNotFound: Sentence;
  appointmentNotFound: Sentence;
  invalidArguments: Sentence;
}

export const VOICE_SENTENCES: Record<TVoiceLanguage, VoiceSentences> = {
  en: {
    premiumOnly: () =>
      'Booking by voice is part of Premier; you can become a member on the Premier page.',
    agenda: ({ count, date }) =>
      count === 1
        ? `You have 1 appointment on ${date}.`
        : `You have ${count} appointments on ${date}.`,
    agendaEmpty: ({ date }) => `You have no appointments on ${date}.`,
    patientsFound: ({ count, name }) =>
      count === 1
        ? `I found 1 patient matching ${name}.`
        : `I found ${count} patients matching ${name}.`,
    patientsNone: ({ name }) => `I found no patient matching ${name}.`,
    bookReadBack: ({ patient, when, duration }) =>
      `Shall I book ${patient} on ${when} for ${duration} minutes?`,
    booked: ({ patient, when }) => `Booked ${patient}, ${when}.`,
    conflictNearest: ({ slot }) => `That time is taken; the nearest free slot is ${slot}.`,
    conflictNoSlot: () => 'That time is taken, and there is no free slot left that day.',
    cancelReadBack: ({ patient, when }) => `Shall I cancel ${patient}'s appointment on ${when}?`,
    cancelled: ({ patient, when }) => `Cancelled ${patient}, ${when}.`,
    patientNotFound: () => 'I could not find that patient.',
    appointmentNotFound: () => 'I could not find that appointment.',
    invalidArguments: () => 'Some details are missing or not valid; please say them again.',
  },
  ar: {
    premiumOnly: () => 'الحجز بالصوت جزء من عضوية بريميير؛ يمكنك الاشتراك من صفحة بريميير.',
    agenda: ({ count, date }) => `لديك ${count} من المواعيد يوم ${date}.`,
    agendaEmpty: ({ date }) => `ليس لديك مواعيد يوم ${date}.`,
    patientsFound: ({ count, name }) => `وجدت ${count} من المرضى يطابقون ${name}.`,
    patientsNone: ({ name }) => `لم أجد مريضًا يطابق ${name}.`,
    bookReadBack: ({ patient, when, duration }) =>
      `هل أحجز موعدًا لـ ${patient} في ${when} لمدة ${duration} دقيقة؟`,
    booked: ({ patient, when }) => `تم حجز موعد ${patient}، ${when}.`,
    conflictNearest: ({ slot }) => `هذا الوقت محجوز؛ أقرب وقت متاح هو ${slot}.`,
    conflictNoSlot: () => 'هذا الوقت محجوز، ولا يوجد وقت متاح آخر في ذلك اليوم.',
    cancelReadBack: ({ patient, when }) => `هل ألغي موعد ${patient} في ${when}؟`,
    cancelled: ({ patient, when }) => `تم إلغاء موعد ${patient}، ${when}.`,
    patientNotFound: () => 'لم أجد هذا المريض.',
    appointmentNotFound: () => 'لم أجد هذا الموعد.',
    invalidArguments: () => 'بعض التفاصيل ناقصة أو غير صحيحة؛ يرجى ذكرها مرة أخرى.',
  },
  fr: {
    premiumOnly: () =>
      'La prise de rendez-vous par la voix fait partie de Premier ; vous pouvez devenir membre sur la page Premier.',
    agenda: ({ count, date }) =>
      count === 1
        ? `Vous avez 1 rendez-vous le ${date}.`
        : `Vous avez ${count} rendez-vous le ${date}.`,
    agendaEmpty: ({ date }) => `Vous n'avez aucun rendez-vous le ${date}.`,
    patientsFound: ({ count, name }) =>
      count === 1
        ? `J'ai trouvé 1 patient correspondant à ${name}.`
        : `J'ai trouvé ${count} patients correspondant à ${name}.`,
    patientsNone: ({ name }) => `Je n'ai trouvé aucun patient correspondant à ${name}.`,
    bookReadBack: ({ patient, when, duration }) =>
      `Dois-je réserver ${patient} le ${when} pour ${duration} minutes ?`,
    booked: ({ patient, when }) => `Rendez-vous réservé pour ${patient}, ${when}.`,
    conflictNearest: ({ slot }) =>
      `Ce créneau est pris ; le créneau libre le plus proche est ${slot}.`,
    conflictNoSlot: () => "Ce créneau est pris, et il n'y a plus de créneau libre ce jour-là.",
    cancelReadBack: ({ patient, when }) =>
      `Dois-je annuler le rendez-vous de ${patient} le ${when} ?`,
    cancelled: ({ patient, when }) => `Rendez-vous annulé pour ${patient}, ${when}.`,
    patientNotFound: () => "Je n'ai pas trouvé ce patient.",
    appointmentNotFound: () => "Je n'ai pas trouvé ce rendez-vous.",
    invalidArguments: () =>
      'Certains détails manquent ou ne sont pas valides ; veuillez les répéter.',
  },
  de: {
    premiumOnly: () =>
      'Termine per Sprache zu buchen ist Teil von Premier; Mitglied werden Sie auf der Premier-Seite.',
    agenda: ({ count, date }) =>
      count === 1 ? `Sie haben 1 Termin am ${date}.` : `Sie haben ${count} Termine am ${date}.`,
    agendaEmpty: ({ date }) => `Sie haben am ${date} keine Termine.`,
    patientsFound: ({ count, name }) =>
      count === 1
        ? `Ich habe 1 Patienten zu ${name} gefunden.`
        : `Ich habe ${count} Patienten zu ${name} gefunden.`,
    patientsNone: ({ name }) => `Ich habe keinen Patienten zu ${name} gefunden.`,
    bookReadBack: ({ patient, when, duration }) =>
      `Soll ich ${patient} am ${when} für ${duration} Minuten eintragen?`,
    booked: ({ patient, when }) => `Termin für ${patient} gebucht, ${when}.`,
    conflictNearest: ({ slot }) => `Diese Zeit ist belegt; der nächste freie Termin ist ${slot}.`,
    conflictNoSlot: () => 'Diese Zeit ist belegt, und an diesem Tag ist nichts mehr frei.',
    cancelReadBack: ({ patient, when }) => `Soll ich den Termin von ${patient} am ${when} absagen?`,
    cancelled: ({ patient, when }) => `Termin von ${patient} abgesagt, ${when}.`,
    patientNotFound: () => 'Ich habe diesen Patienten nicht gefunden.',
    appointmentNotFound: () => 'Ich habe diesen Termin nicht gefunden.',
    invalidArguments: () =>
      'Einige Angaben fehlen oder sind ungültig; bitte nennen Sie sie erneut.',
  },
  'zh-CN': {
    premiumOnly: () => '语音预约是 Premier 会员功能；您可以在 Premier 页面成为会员。',
    agenda: ({ count, date }) => `您在${date}有 ${count} 个预约。`,
    agendaEmpty: ({ date }) => `您在${date}没有预约。`,
    patientsFound: ({ count, name }) => `找到 ${count} 位与“${name}”匹配的患者。`,
    patientsNone: ({ name }) => `没有找到与“${name}”匹配的患者。`,
    bookReadBack: ({ patient, when, duration }) =>
      `要为${patient}预约${when}，时长 ${duration} 分钟吗？`,
    booked: ({ patient, when }) => `已为${patient}预约：${when}。`,
    conflictNearest: ({ slot }) => `该时间已被占用；最近的空闲时间是${slot}。`,
    conflictNoSlot: () => '该时间已被占用，当天已没有空闲时间。',
    cancelReadBack: ({ patient, when }) => `要取消${patient}在${when}的预约吗？`,
    cancelled: ({ patient, when }) => `已取消${patient}的预约：${when}。`,
    patientNotFound: () => '没有找到该患者。',
    appointmentNotFound: () => '没有找到该预约。',
    invalidArguments: () => '有些信息缺失或无效，请再说一遍。',
  },
};

/** A time as the caller hears it, in the practitioner's zone: "Tue, 24 Nov, 10:00". */
export function spokenTime(instant: string | Date, language: TVoiceLanguage, timeZone: string) {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }).format(new Date(instant));
}

/** A day as the caller hears it: "Tuesday 24 November". */
export function spokenDate(instant: Date, language: TVoiceLanguage, timeZone: string) {
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  }).format(instant);
}
