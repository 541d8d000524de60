import { z } from 'zod';

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const PATIENT_GENDERS = ['Male', 'Female', 'Other', 'Prefer not to say'] as const;

/** The spec's messages (SPEC.md §5, patient form), shared by the form and the API. */
export const PATIENT_MESSAGES = {
  nameRequired: 'Name is required',
  diagnosisRequired: 'Diagnosis is required',
  addressRequired: 'Address is required',
  ageRequired: 'Age is required',
  ageNegative: 'Age cannot be negative',
  ageTooHigh: 'Age cannot be more than 150',
  bloodGroupRequired: 'Blood group is required',
  genderRequired: 'Gender is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneDigits: 'Phone number must be 10 digits',
  emergencyPhoneRequired: 'Emergency contact phone is required',
  emergencyPhoneDigits: 'Emergency contact phone must be 10 digits',
  tooLong: 'This text is too long',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEN_DIGITS = /^\d{10}$/;

function requiredText(required: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: PATIENT_MESSAGES.tooLong });
}

function tenDigitPhone(required: string, digits: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .regex(TEN_DIGITS, { error: digits });
}

/** What the form sends and the API accepts for create and update; unknown fields are rejected. */
export const ZPatientInput = z.strictObject({
  name: requiredText(PATIENT_MESSAGES.nameRequired, 200),
  diagnosedWith: requiredText(PATIENT_MESSAGES.diagnosisRequired, 500),
  address: requiredText(PATIENT_MESSAGES.addressRequired, 500),
  age: z
    .number({ error: PATIENT_MESSAGES.ageRequired })
    .int({ error: PATIENT_MESSAGES.ageRequired })
    .min(0, { error: PATIENT_MESSAGES.ageNegative })
    .max(150, { error: PATIENT_MESSAGES.ageTooHigh }),
  bloodGroup: z.enum(BLOOD_GROUPS, { error: PATIENT_MESSAGES.bloodGroupRequired }),
  gender: z.enum(PATIENT_GENDERS, { error: PATIENT_MESSAGES.genderRequired }),
  email: z
    .string({ error: PATIENT_MESSAGES.emailInvalid })
    .trim()
    .max(254, { error: PATIENT_MESSAGES.emailInvalid })
    .refine((value) => value === '' || EMAIL.test(value), { error: PATIENT_MESSAGES.emailInvalid })
    .optional(),
  phone: tenDigitPhone(PATIENT_MESSAGES.phoneRequired, PATIENT_MESSAGES.phoneDigits),
  emergencyContact: z.strictObject(
    {
      phone: tenDigitPhone(
        PATIENT_MESSAGES.emergencyPhoneRequired,
        PATIENT_MESSAGES.emergencyPhoneDigits,
      ),
    },
    { error: PATIENT_MESSAGES.emergencyPhoneRequired },
  ),
  hasChronicDiseases: z.boolean().default(false),
});

export type TPatientInput = z.input<typeof ZPatientInput>;
export type TPatientData = z.output<typeof ZPatientInput>;

/** A patient as the API answers it (ARCHITECTURE.md "API contract"). */
export const ZPatient = z.object({
  _id: z.uuid(),
  name: z.string(),
  diagnosedWith: z.string(),
  address: z.string(),
  age: z.number().int(),
  bloodGroup: z.enum(BLOOD_GROUPS),
  gender: z.enum(PATIENT_GENDERS),
  email: z.string().optional(),
  phone: z.string(),
  emergencyContact: z.object({ phone: z.string() }),
  hasChronicDiseases: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type TPatient = z.infer<typeof ZPatient>;
