import { useTranslation } from '../../i18n/use-translation.ts';
import page from '../../ui/page.module.css';
import styles from './legal-page.module.css';

type Document = 'privacy' | 'terms';

/**
 * A plain text page of the `legal` namespace: `<document>.title`, `.intro`, then its sections,
 * each a heading and either paragraphs or a list (`items`), in the order the texts give them.
 */
function LegalDocument({ name }: { name: Document }) {
  const { t } = useTranslation('legal');
  const sections = t(`${name}.sections`, { returnObjects: true }) as Record<
    string,
    { title: string; text?: string; items?: Record<string, string> }
  >;
  return (
    <article className={`${page.card} ${styles.document}`} aria-labelledby="legal-title">
      <h1 id="legal-title">{t(`${name}.title`)}</h1>
      <p className={styles.intro}>{t(`${name}.intro`)}</p>
      {Object.entries(sections).map(([key, section]) => (
        <section key={key} aria-labelledby={`legal-${key}`}>
          <h2 id={`legal-${key}`}>{section.title}</h2>
          {section.text && <p>{section.text}</p>}
          {section.items && (
            <ul className={styles.items}>
              {Object.entries(section.items).map(([item, text]) => (
                <li key={item}>{text}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}

export const PrivacyPage = () => <LegalDocument name="privacy" />;
export const TermsPage = () => <LegalDocument name="terms" />;
