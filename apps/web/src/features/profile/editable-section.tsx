import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import styles from './profile.module.css';

/**
 * A section of the profile read as `view`, or edited in place as `form` behind an Edit/Cancel
 * toggle. A save returns to the view and says so; back in the view, keyboard focus returns to the
 * toggle that opened the form. The texts are the namespace's `edit`, `cancel` and `save.saved`.
 */
export function EditableSection({
  namespace,
  headingId,
  toggleId,
  title,
  intro,
  view,
  form,
}: {
  namespace: string;
  headingId: string;
  toggleId: string;
  title: string;
  intro?: ReactNode;
  view: ReactNode;
  /** The edit form, told what to do once saved; none while there is nothing to edit yet. */
  form?: (onSaved: () => void) => ReactNode;
}) {
  const { t } = useTranslation(namespace);
  const [isEditing, setEditing] = useState(false);
  const [hasJustSaved, setJustSaved] = useState(false);
  const wasEditing = useRef(false);

  // Before the view is painted or read: the toggle is focused as the view appears.
  useLayoutEffect(() => {
    if (wasEditing.current && !isEditing) document.getElementById(toggleId)?.focus();
    wasEditing.current = isEditing;
  }, [isEditing, toggleId]);

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId}>{title}</h2>
        {form && (
          <Button
            id={toggleId}
            variant="secondary"
            aria-expanded={isEditing}
            onClick={() => {
              setJustSaved(false);
              setEditing(!isEditing);
            }}
          >
            {isEditing ? t('cancel') : t('edit')}
          </Button>
        )}
      </div>
      {intro}
      <p role="status" className={styles.saved}>
        {hasJustSaved && !isEditing ? t('save.saved') : ''}
      </p>
      {form && isEditing
        ? form(() => {
            setJustSaved(true);
            setEditing(false);
          })
        : view}
    </section>
  );
}
