import type { ReactNode } from 'react';
import styles from './section.module.css';

/**
 * A section of a patient's details (visits, vital signs, the timeline, care plans): an h5 under
 * the patient's heading names it for assistive technology. `titleId` is that heading's id, so a
 * list inside can be named by it too; `className` lays the section out.
 */
export function PatientSection({
  titleId,
  title,
  className,
  children,
}: {
  titleId: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <h5 id={titleId} className={styles.title}>
        {title}
      </h5>
      {children}
    </section>
  );
}
