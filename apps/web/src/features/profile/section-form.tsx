import { useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TUser } from '@portal/shared/user';
import { applyServerFieldErrors, fieldMessageText } from '../../lib/forms/field-messages.ts';
import { submitUnlessBusy } from '../../lib/forms/submit-unless-busy.ts';
import { useFocusAfterRender } from '../../lib/forms/use-focus-after-render.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { FormField, type FieldControlProps } from '../../ui/form-field.tsx';
import styles from './profile.module.css';

/**
 * The edit form of a section of the profile (the profile itself, the practice, the notices):
 * every field checked as it changes and all on save with the schema the API uses. Save is never
 * disabled (a disabled button leaves the Tab order and says nothing): pressing it with a field
 * wrong saves nothing, shows one summary of the problems and moves focus to it. `Saved` is what
 * the save answers: the user for most sections (profile-api.ts makes it the session's copy).
 *
 * Answers the section's `field` and `input` builders for its controls, and `form` to wrap them
 * in (the summary first, the failure and Save last); `watch` for what shows the values as typed
 * (the listing's preview), and `fieldId`, `hasError` and `errorText` for groups of check boxes.
 */
export function useSectionForm<Input extends FieldValues, Data extends FieldValues, Saved = TUser>({
  namespace,
  fields,
  hints,
  resolver,
  defaultValues,
  update,
  onSaved,
}: {
  /** The locale namespace: `fields.<name>`, `save.*` and the hints' keys are read there. */
  namespace: string;
  fields: readonly Path<Input>[];
  /** Fields with a standing hint read before them. */
  hints: Partial<Record<Path<Input>, string>>;
  resolver: Resolver<Input, unknown, Data>;
  defaultValues: DefaultValues<Input>;
  update: (data: Data) => Promise<{ data?: Saved; error?: unknown }>;
  onSaved: (saved: Saved) => void;
}) {
  const { t } = useTranslation(namespace);
  const [failure, setFailure] = useState<string | null>(null);
  const { ref: summaryRef, request: focusSummary } = useFocusAfterRender<HTMLDivElement>();
  const [isSummaryShown, setIsSummaryShown] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Data>({
    resolver,
    mode: 'onChange',
    // The error summary takes focus instead: one announcement, then each field in turn.
    shouldFocusError: false,
    defaultValues,
  });

  const first = fields[0];
  useEffect(() => {
    if (first) setFocus(first);
  }, [setFocus, first]);

  function showSummary() {
    setIsSummaryShown(true);
    focusSummary();
  }

  async function save(data: Data) {
    setFailure(null);
    const result = await update(data);
    if (result.data !== undefined) {
      onSaved(result.data);
      return;
    }
    const placed = applyServerFieldErrors({ error: result.error, fields, setError });
    setFailure(t(placed > 0 ? 'save.invalid' : 'save.failed'));
    if (placed > 0) showSummary();
  }

  const fieldId = (name: Path<Input>) => `${namespace}-${name}`;
  const errorOf = (name: Path<Input>): string | undefined =>
    (get(errors, name) as { message?: string } | undefined)?.message;
  const errorText = (name: Path<Input>) => fieldMessageText(t, errorOf(name));
  const summaryItems = isSummaryShown
    ? fields
        .filter((name) => get(errors, name))
        .map((name) => ({
          fieldId: fieldId(name),
          text: `${t(`fields.${name}`)}: ${errorText(name)}`,
        }))
    : [];

  function field(
    name: Path<Input>,
    control: (props: FieldControlProps) => ReactNode,
    className?: string,
  ) {
    const hintKey = hints[name];
    return (
      <FormField
        id={fieldId(name)}
        label={t(`fields.${name}`)}
        hint={hintKey && t(hintKey)}
        error={get(errors, name) ? errorText(name) : undefined}
        className={[styles.field, className].filter(Boolean).join(' ')}
      >
        {control}
      </FormField>
    );
  }

  const input = (
    name: Path<Input>,
    attributes: InputHTMLAttributes<HTMLInputElement>,
    className?: string,
  ) => field(name, (props) => <input {...attributes} {...props} {...register(name)} />, className);

  const form = (controls: ReactNode) => (
    <form
      className={styles.form}
      noValidate
      onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(save, showSummary))}
    >
      <div className={styles.wide}>
        <ErrorSummary ref={summaryRef} items={summaryItems} />
      </div>
      {controls}
      {failure && (
        <p role="alert" className={`${styles.failure} ${styles.wide}`}>
          {failure}
        </p>
      )}
      <div className={`${styles.formActions} ${styles.wide}`}>
        <Button type="submit" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? t('save.saving') : t('save.button')}
        </Button>
      </div>
    </form>
  );

  return {
    register,
    watch,
    field,
    input,
    form,
    fieldId,
    errorText,
    hasError: (name: Path<Input>) => Boolean(get(errors, name)),
  };
}
