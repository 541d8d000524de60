import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  CARE_PLAN_STATUSES,
  ZCarePlanInput,
  type TCarePlan,
  type TCarePlanData,
  type TCarePlanInput,
} from '@portal/shared/care-plan';
import {
  apiErrorOf,
  applyServerFieldErrors,
  fieldMessageText,
} from '../../lib/forms/field-messages.ts';
import { submitUnlessBusy } from '../../lib/forms/submit-unless-busy.ts';
import { Button } from '../../ui/button.tsx';
import { InputField, SelectField } from '../../ui/control-fields.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { isPremiumRequired, useSaveCarePlanMutation } from './care-plans-api.ts';
import { PremiumExplainer } from './premium-explainer.tsx';
import { presetOf, RECURRENCE_PRESETS, recurrenceSummary } from './recurrence.ts';
import styles from './care-plans.module.css';

const today = () => new Date().toISOString().slice(0, 10);

/** The form's fields, goals and activities by their index: where the API's field errors go. */
const CARE_PLAN_FIELD =
  /^(?:title|status|goals\.\d+\.(?:text|targetDate)|activities\.\d+\.(?:title|start|rrule))$/;
const isCarePlanField = (name: string) => CARE_PLAN_FIELD.test(name);

/** A text box for clinical words: no browser suggestions. */
const TEXT = { type: 'text', autoComplete: 'off' } as const;

/** Create or change a care plan: title, status, goals and activities with their recurrence. */
export function CarePlanForm({
  patientId,
  plan,
  onDone,
}: {
  patientId: string;
  plan?: TCarePlan;
  onDone: (saved?: TCarePlan) => void;
}) {
  const { t } = useTranslation('carePlans');
  const id = useId();
  const [saveCarePlan] = useSaveCarePlanMutation();
  const [failure, setFailure] = useState<'premium' | 'changed' | 'failed' | null>(null);
  /** Activities whose rule is typed (custom) rather than chosen from the presets. */
  const [customRules, setCustomRules] = useState<Set<string>>(new Set());
  const form = useForm<TCarePlanInput, unknown, TCarePlanData>({
    resolver: zodResolver(ZCarePlanInput),
    shouldFocusError: true,
    defaultValues: plan
      ? { title: plan.title, status: plan.status, goals: plan.goals, activities: plan.activities }
      : { title: '', status: 'active', goals: [], activities: [] },
  });
  /** From the press of save until the API answers (validation included): one save at a time. */
  const isSaving = form.formState.isSubmitting;
  const goals = useFieldArray({ control: form.control, name: 'goals', keyName: 'key' });
  const activities = useFieldArray({ control: form.control, name: 'activities', keyName: 'key' });
  const rules = useWatch({ control: form.control, name: 'activities' });
  const messageOf = (name: FieldPath<TCarePlanInput>) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return message ? fieldMessageText(t, message) : undefined;
  };
  /** A control's id (`key`: stable while rows come and go), message and registration. */
  const field = (name: FieldPath<TCarePlanInput>, key: string) => ({
    id: `${id}-${key}`,
    error: messageOf(name),
    registration: form.register(name),
  });

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      onDone(await saveCarePlan({ patientId, plan, input }).unwrap());
    } catch (error) {
      const placed = applyServerFieldErrors({
        error,
        fields: isCarePlanField,
        setError: form.setError,
      });
      const first = Object.keys(apiErrorOf(error)?.fieldErrors ?? {}).find(isCarePlanField);
      if (placed > 0 && first) form.setFocus(first as FieldPath<TCarePlanInput>);
      else if (isPremiumRequired(error)) setFailure('premium');
      else setFailure(apiErrorOf(error)?.code === 'CARE_PLAN_CHANGED' ? 'changed' : 'failed');
    }
  });

  const formTitle = plan ? t('form.editTitle', { title: plan.title }) : t('form.addTitle');
  return (
    <form
      aria-label={formTitle}
      className={styles.form}
      noValidate
      onSubmit={submitUnlessBusy(isSaving, submit)}
    >
      <h6 className={styles.formTitle}>{formTitle}</h6>
      {failure === 'premium' ? (
        <PremiumExplainer headingLevel={5} />
      ) : (
        failure && (
          <p role="alert" className={styles.error}>
            {t(`form.${failure}`)}
          </p>
        )
      )}
      <div className={styles.grid}>
        <InputField {...field('title', 'title')} label={t('form.title')} {...TEXT} aria-required />
        <SelectField
          {...field('status', 'status')}
          label={t('form.status')}
          options={CARE_PLAN_STATUSES.map((status) => ({
            value: status,
            label: t(`status.${status}`),
          }))}
        />
      </div>

      <fieldset className={styles.group}>
        <legend>{t('form.goals')}</legend>
        {goals.fields.map((goal, index) => (
          <div key={goal.key} className={styles.row}>
            <InputField
              {...field(`goals.${index}.text`, `goal-${goal.key}`)}
              label={t('form.goalText', { number: index + 1 })}
              {...TEXT}
              aria-required
            />
            <InputField
              {...field(`goals.${index}.targetDate`, `target-${goal.key}`)}
              label={t('form.targetDate', { number: index + 1 })}
              type="date"
            />
            <Button variant="secondary" onClick={() => goals.remove(index)}>
              {t('form.removeGoal', { number: index + 1 })}
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => goals.append({ text: '', targetDate: '' })}>
          {t('form.addGoal')}
        </Button>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{t('form.activities')}</legend>
        {activities.fields.map((activity, index) => {
          const rule = rules?.[index]?.rrule ?? '';
          const isCustom = customRules.has(activity.key) || presetOf(rule) === 'custom';
          const number = index + 1;
          return (
            <div key={activity.key} className={styles.row}>
              <InputField
                {...field(`activities.${index}.title`, `activity-${activity.key}`)}
                label={t('form.activityTitle', { number })}
                {...TEXT}
                aria-required
              />
              <InputField
                {...field(`activities.${index}.start`, `start-${activity.key}`)}
                label={t('form.start', { number })}
                type="date"
                aria-required
              />
              <SelectField
                id={`${id}-repeat-${activity.key}`}
                label={t('form.repeat', { number })}
                value={isCustom ? 'custom' : presetOf(rule)}
                onChange={(event) => {
                  const key = event.target.value;
                  const next = new Set(customRules);
                  if (key === 'custom') next.add(activity.key);
                  else {
                    next.delete(activity.key);
                    const preset = RECURRENCE_PRESETS.find((item) => item.key === key);
                    form.setValue(`activities.${index}.rrule`, preset?.rrule ?? '', {
                      shouldValidate: form.formState.isSubmitted,
                    });
                  }
                  setCustomRules(next);
                }}
                options={[
                  ...RECURRENCE_PRESETS.map((preset) => ({
                    value: preset.key,
                    label: t(`recurrence.preset.${preset.key}`),
                  })),
                  { value: 'custom', label: t('recurrence.preset.custom') },
                ]}
              />
              {isCustom && (
                <InputField
                  {...field(`activities.${index}.rrule`, `rrule-${activity.key}`)}
                  label={t('form.rrule', { number })}
                  type="text"
                  dir="ltr"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="FREQ=MONTHLY;INTERVAL=3"
                />
              )}
              {!isCustom && messageOf(`activities.${index}.rrule`) && (
                <p className={styles.error}>{messageOf(`activities.${index}.rrule`)}</p>
              )}
              <p className={styles.muted}>{recurrenceSummary(t, rule)}</p>
              <Button variant="secondary" onClick={() => activities.remove(index)}>
                {t('form.removeActivity', { number })}
              </Button>
            </div>
          );
        })}
        <Button
          variant="secondary"
          onClick={() => activities.append({ title: '', start: today(), rrule: '' })}
        >
          {t('form.addActivity')}
        </Button>
      </fieldset>

      <FormActions
        className={styles.actions}
        isBusy={isSaving}
        label={t('form.save')}
        busyLabel={t('form.saving')}
        cancelLabel={t('form.cancel')}
        onCancel={() => onDone()}
      />
    </form>
  );
}
