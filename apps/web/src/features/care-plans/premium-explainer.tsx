import { useTranslation } from '../../i18n/use-translation.ts';
import { ButtonLink } from '../../ui/button.tsx';
import styles from './care-plans.module.css';

/** What a non-member sees where a members-only feature would be: what premium adds, and the way there. */
export function PremiumExplainer({ headingLevel = 3 }: { headingLevel?: 2 | 3 | 5 }) {
  const { t } = useTranslation('carePlans');
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.explainer}>
      <Heading className={styles.explainerTitle}>{t('premier.title')}</Heading>
      <p>{t('premier.body')}</p>
      <p>
        <ButtonLink to="/premier">{t('premier.link')}</ButtonLink>
      </p>
    </div>
  );
}
