import { useId, useState, type FormEvent } from 'react';
import { DIRECTORY_LIMITS, type TFacilitySummary } from '@portal/shared/directory';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { useSearchFacilitiesQuery, type FacilityFilters } from './directory-api.ts';
import { PagedResults } from './paged-results.tsx';
import { TextFilter } from './filter-fields.tsx';
import styles from './directory.module.css';

/**
 * The directory's pharmacies by city and name, each with one button that chooses it: what a
 * screen that sends something to a pharmacy shows (composed in app/, as features stay apart).
 * Only approved facilities are in the directory, so every one offered may be chosen.
 */
export function PharmacyPicker({
  chooseLabel,
  onChoose,
  isBusy = false,
}: {
  /** The button of one pharmacy ('Send to Farmácia Central'). */
  chooseLabel: (pharmacy: TFacilitySummary) => string;
  onChoose: (pharmacy: TFacilitySummary) => void;
  isBusy?: boolean;
}) {
  const { t } = useTranslation('directory');
  const id = useId();
  const [filters, setFilters] = useState<FacilityFilters>({ kind: 'pharmacy' });

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) =>
      String(data.get(name) ?? '')
        .trim()
        .slice(0, DIRECTORY_LIMITS.queryMax);
    const city = text('city');
    const q = text('q');
    setFilters({ kind: 'pharmacy', ...(city && { city }), ...(q && { q }) });
  }

  return (
    <div className={styles.page}>
      <form role="search" className={styles.searchForm} onSubmit={search} noValidate>
        <div className={styles.filters}>
          <TextFilter
            name="city"
            label={t('findHospital.city')}
            value={filters.city}
            autoComplete="address-level2"
          />
          <TextFilter name="q" label={t('pharmacies.name')} value={filters.q} type="search" />
        </div>
        <div className={styles.formActions}>
          <Button type="submit" variant="secondary">
            {t('findHospital.submit')}
          </Button>
        </div>
      </form>
      <PagedResults<FacilityFilters, TFacilitySummary>
        key={JSON.stringify(filters)}
        filters={filters}
        usePage={useSearchFacilitiesQuery}
        headingId={`${id}-count`}
        texts={{
          loading: t('findHospital.loading'),
          empty: t('pharmacies.empty'),
          count: (count) => t('pharmacies.count', { count }),
          more: t('findHospital.more'),
        }}
        keyOf={(pharmacy) => pharmacy._id}
        renderItem={(pharmacy) => (
          <article className={styles.card} aria-label={pharmacy.name}>
            <h3 className={styles.cardTitle}>{pharmacy.name}</h3>
            <p className={styles.address}>
              {[pharmacy.address.split('\n').join(', '), pharmacy.city].join(', ')}
            </p>
            <div>
              <Button disabled={isBusy} onClick={() => onChoose(pharmacy)}>
                {chooseLabel(pharmacy)}
              </Button>
            </div>
          </article>
        )}
      />
    </div>
  );
}
