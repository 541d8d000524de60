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
 * The three texts of a form whose namespace keeps them as `<prefix>.save`, `<prefix>.saving` and
 * `<prefix>.cancel` (`form.save`, `addendum.save`…), for `FormActions`:
 * `<FormActions {...saveActionTexts(t, 'form')} …/>` with the `t` of that namespace.
 */
export function saveActionTexts(t: TFunction, prefix: string) {
  return {
    label: t(`${prefix}.save`),
    busyLabel: t(`${prefix}.saving`),
    cancelLabel: t(`${prefix}.cancel`),
  };
}
