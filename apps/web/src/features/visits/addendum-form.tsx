import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { VISIT_LIMITS, ZAddendumInput, type TVisit } from '@portal/shared/visit';
import { apiErrorOf, fieldMessageText } from '../../lib/forms/field-messages.ts';
import { TextAreaField } from '../../ui/control-fields.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { useFailure } from '../../ui/failure-alert.tsx';
import { SavingForm } from '../../ui/saving-form.tsx';
import { useAddAddendumMutation } from './visits-api.ts';
import styles from './visits.module.css';

/** A correction or addition to a signed visit; it keeps its own author and time. */
export function AddendumForm({
  visit,
  onDone,
}: {
  visit: TVisit;
  /** The amended visit, or undefined when the reader cancelled. */
  onDone: (amended?: TVisit) => void;
}) {
  const { t } = useTranslation('visits');
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const failure = useFailure();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [addAddendum, { isLoading }] = useAddAddendumMutation();
  // Opened by a click on 'Add an addendum': the reader goes on typing here.
  useEffect(() => textRef.current?.focus(), []);

  async function submit() {
    failure.clear();
    const parsed = ZAddendumInput.safeParse({ text });
    if (!parsed.success) {
      setError(fieldMessageText(t, parsed.error.issues[0]?.message));
      textRef.current?.focus();
      return;
    }
    setError(undefined);
    try {
      onDone(await addAddendum({ visit, text: parsed.data.text }).unwrap());
    } catch (caught) {
      const message = apiErrorOf(caught)?.fieldErrors?.text;
      if (message) {
        setError(fieldMessageText(t, message));
        textRef.current?.focus();
        return;
      }
      failure.show(t('addendum.failed'));
    }
  }

  return (
    <SavingForm
      className={styles.form}
      label={t('addendum.label')}
      isBusy={isLoading}
      onSubmit={submit}
      failure={failure}
    >
      <TextAreaField
        ref={textRef}
        id={`${id}-text`}
        label={t('addendum.text')}
        hint={t('addendum.hint', { max: VISIT_LIMITS.notesMax })}
        error={error}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <FormActions
        className={styles.actions}
        isBusy={isLoading}
        label={t('addendum.save')}
        busyLabel={t('addendum.saving')}
        cancelLabel={t('addendum.cancel')}
        onCancel={() => onDone()}
      />
    </SavingForm>
  );
}
