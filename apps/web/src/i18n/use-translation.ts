import { useEffect, useMemo, useSyncExternalStore } from 'react';
import i18n from './i18n.ts';
import type { TFunction, Translator } from './translator.ts';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  i18n.on('loaded', onChange);
  return () => {
    i18n.off('languageChanged', onChange);
    i18n.off('loaded', onChange);
  };
}

/**
 * A component's texts: `t` for its namespaces (the first is where unprefixed keys are looked up
 * first; none: `common`), the translator itself, and whether the namespaces are loaded. Missing
 * ones start loading; the component renders again when they arrive and when the language
 * changes, and `t` is then a new function, so memos and effects that use it run again.
 */
export function useTranslation(namespaces?: string | readonly string[]): {
  t: TFunction;
  i18n: Translator;
  ready: boolean;
} {
  const joined = typeof namespaces === 'string' ? namespaces : (namespaces ?? []).join(',');
  const list = useMemo(() => (joined ? joined.split(',') : []), [joined]);
  const readSnapshot = () =>
    `${i18n.language}|${list.every((namespace) => i18n.hasLoadedNamespace(namespace))}`;
  const snapshot = useSyncExternalStore(subscribe, readSnapshot, readSnapshot);
  const ready = snapshot.endsWith('|true');
  useEffect(() => {
    // A failed download shows the keys; the page's own loader reports the failure.
    if (!ready) i18n.loadNamespaces(list).catch(() => undefined);
  }, [ready, list]);
  // The snapshot is a dependency on purpose: a new language or newly loaded texts make a new t.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => i18n.getFixedT(null, list), [list, snapshot]);
  return { t, i18n, ready };
}
