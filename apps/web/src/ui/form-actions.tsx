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
