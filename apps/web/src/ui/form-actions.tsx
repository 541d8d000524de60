import type { TFunction } from 'i18next';
import { Button } from './button.tsx';

/**
 * A form's two buttons: submit, which says while the form is busy (aria-disabled, not disabled,
 * so it keeps its focus and is still announced), and cancel.
 */
export function FormActions({
  className,
  isBusy,
  label,
  busyLabel,
  cancelLabel,
  onCancel,
}: {
  className?: string;
  isBusy: boolean;
  label: string;
  busyLabel: string;
  cancelLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className={className}>
      <Button type="submit" aria-disabled={isBusy || undefined}>
        {isBusy ? busyLabel : label}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
    </div>
  );
}

/**
 * Where a form's namespace keeps its three texts (written out, so a search for a key finds its
 * use): the care-plan and visit forms under `form`, the addendum form under `addendum`.
 */
const SAVE_ACTION_KEYS = {
  form: { label: 'form.save', busyLabel: 'form.saving', cancelLabel: 'form.cancel' },
  addendum: {
    label: 'addendum.save',
    busyLabel: 'addendum.saving',
    cancelLabel: 'addendum.cancel',
  },
} as const;

/**
 * The texts of `FormActions` for a form whose namespace keeps them under `prefix`:
 * `<FormActions {...saveActionTexts(t, 'form')} …/>` with the `t` of that namespace.
 */
export function saveActionTexts(t: TFunction, prefix: keyof typeof SAVE_ACTION_KEYS) {
  const keys = SAVE_ACTION_KEYS[prefix];
  return { label: t(keys.label), busyLabel: t(keys.busyLabel), cancelLabel: t(keys.cancelLabel) };
}
