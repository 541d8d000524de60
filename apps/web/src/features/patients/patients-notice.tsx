import { useEffect, useState, type Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TPatient } from '@portal/shared/patient';
import { Button } from '../../ui/button.tsx';
import type { SaveWarning } from './patients-api.ts';
import { useFocusRequest } from './use-focus-request.ts';
import styles from './patients.module.css';

export type Notice =
  | { kind: 'deleted'; patient: TPatient }
  | { kind: 'restored'; patient: TPatient }
  | { kind: 'restoreFailed'; patient: TPatient }
  | { kind: 'created' | 'updated'; patient: TPatient }
  | { kind: 'warnings'; warnings: SaveWarning[] };

/**
 * How long Undo is offered after a delete. Focus moves to Undo when it appears, and the time
 * stands still while the pointer or focus is on the notice, so it never goes from under the
 * reader.
 */
export const UNDO_MS = 8000;
/** How long the result of an undo or a save stays (it is announced when it appears). */
const RESULT_MS = 5000;

function isDuplicate(warning: SaveWarning): boolean {
  return /duplicate/i.test(`${warning.code ?? ''} ${warning.message}`);
}

/**
 * One live region under the toolbar for what just happened: Undo after a delete, the result
 * of the undo, and warnings from a save. Always mounted, so screen readers announce changes.
 * `undoFocusRequest` grows when Undo should take focus (see useFocusRequest); the page moves
 * focus on when a notice it replaces had it (patients-page.tsx).
 */
export function PatientsNotice({
  notice,
  isRestoring,
  undoFocusRequest,
  regionRef,
  onUndo,
  onDismiss,
}: {
  notice: Notice | null;
  isRestoring: boolean;
  undoFocusRequest: number;
  regionRef: Ref<HTMLDivElement>;
  onUndo: (patient: TPatient) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('records');
  const [isHeld, setIsHeld] = useState(false);
  const undoRef = useFocusRequest<HTMLButtonElement>(undoFocusRequest);
  const lifetime =
    notice?.kind === 'deleted'
      ? UNDO_MS
      : notice && ['restored', 'created', 'updated'].includes(notice.kind)
        ? RESULT_MS
        : null;

  useEffect(() => {
    if (lifetime === null || isHeld || isRestoring) return;
    const timer = setTimeout(onDismiss, lifetime);
    return () => clearTimeout(timer);
  }, [notice, lifetime, isHeld, isRestoring, onDismiss]);

  let content = null;
  if (notice?.kind === 'deleted') {
    content = (
      <>
        <p>{t('notices.deleted', { name: notice.patient.name })}</p>
        {/* aria-disabled, not disabled: Undo keeps focus while the restore is under way. */}
        <Button
          ref={undoRef}
          variant="secondary"
          aria-disabled={isRestoring || undefined}
          onClick={() => {
            if (!isRestoring) onUndo(notice.patient);
          }}
        >
          {t('notices.undo')}
        </Button>
      </>
    );
  } else if (
    notice?.kind === 'restored' ||
    notice?.kind === 'created' ||
    notice?.kind === 'updated'
  ) {
    content = <p>{t(`notices.${notice.kind}`, { name: notice.patient.name })}</p>;
  } else if (notice?.kind === 'restoreFailed') {
    content = <p role="alert">{t('notices.restoreFailed', { name: notice.patient.name })}</p>;
  } else if (notice?.kind === 'warnings') {
    content = (
      <ul className={styles.warningList}>
        {notice.warnings.map((warning, index) => (
          <li key={index}>
            {isDuplicate(warning) || !warning.message ? t('notices.duplicate') : warning.message}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div
      ref={regionRef}
      role="status"
      className={content ? `${styles.notice} ${styles[`notice-${notice!.kind}`] ?? ''}` : undefined}
      onPointerEnter={() => setIsHeld(true)}
      onPointerLeave={() => setIsHeld(false)}
      onFocus={() => setIsHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsHeld(false);
      }}
    >
      {content}
      {content && (
        <button
          type="button"
          className={styles.noticeClose}
          aria-label={t('notices.dismiss')}
          onClick={onDismiss}
        >
          ×
        </button>
      )}
    </div>
  );
}
