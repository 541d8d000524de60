import { describe, expect, it, vi } from 'vitest';
import { Translator } from './translator.ts';

const TEXTS: Record<string, Record<string, Record<string, unknown>>> = {
  en: {
    common: {
      hello: 'Hello, {{name}}',
      nested: { deep: { key: 'Deep' } },
      item_one: '{{count}} item',
      item_other: '{{count}} items',
      item_zero: 'No items',
      gender_female: 'She',
      gender: 'They',
      visit_video_one: 'One video visit',
      visit_video_other: '{{count}} video visits',
      onlyEnglish: 'Only in English',
      list: ['a', 'b'],
      sections: { first: 'First' },
      empty: '',
    },
    records: { title: 'Records', hello: 'Hello from records' },
  },
  ar: {
    common: {
      hello: 'مرحبا {{name}}',
      item_zero: 'لا عناصر',
      item_one: 'عنصر واحد',
      item_two: 'عنصران',
      item_few: '{{count}} عناصر',
      item_many: '{{count}} عنصرًا',
      item_other: '{{count}} عنصر',
    },
    records: { title: 'السجلات' },
  },
};

function translator(language = 'en') {
  const load = vi.fn(async (lng: string, ns: string) => TEXTS[lng]?.[ns] ?? {});
  const i18n = new Translator({
    language,
    fallbackLanguage: 'en',
    defaultNamespace: 'common',
    namespaces: ['common', 'records'],
    load,
  });
  return { i18n, load };
}

describe('Translator', () => {
  it('looks up dotted keys and fills placeholders; a missing value keeps its placeholder', async () => {
    const { i18n } = translator();
    await i18n.loadNamespaces('common');
    expect(i18n.t('hello', { name: 'Ana' })).toBe('Hello, Ana');
    expect(i18n.t('hello')).toBe('Hello, {{name}}');
    expect(i18n.t('hello', { name: undefined })).toBe('Hello, ');
    expect(i18n.t('nested.deep.key')).toBe('Deep');
    expect(i18n.t('empty')).toBe('');
  });

  it('answers the key, a default value, or the first of several keys that has a text', async () => {
    const { i18n } = translator();
    await i18n.loadNamespaces('common');
    expect(i18n.t('nowhere.to.be.found')).toBe('nowhere.to.be.found');
    expect(i18n.t('nowhere', 'Fallback text')).toBe('Fallback text');
    expect(i18n.t(['nowhere', 'hello'], { name: 'Li' })).toBe('Hello, Li');
  });

  it('chooses plural forms by the language’s rules, _zero first for zero', async () => {
    const { i18n } = translator();
    await i18n.loadNamespaces('common');
    expect(i18n.t('item', { count: 0 })).toBe('No items');
    expect(i18n.t('item', { count: 1 })).toBe('1 item');
    expect(i18n.t('item', { count: 5 })).toBe('5 items');
    await i18n.changeLanguage('ar');
    expect([0, 1, 2, 3, 11, 100].map((count) => i18n.t('item', { count }))).toEqual([
      'لا عناصر',
      'عنصر واحد',
      'عنصران',
      '3 عناصر',
      '11 عنصرًا',
      '100 عنصر',
    ]);
  });

  it('uses a context variant when there is one, with its plural forms', async () => {
    const { i18n } = translator();
    await i18n.loadNamespaces('common');
    expect(i18n.t('gender', { context: 'female' })).toBe('She');
    expect(i18n.t('gender', { context: 'unknown' })).toBe('They');
    expect(i18n.t('visit', { context: 'video', count: 3 })).toBe('3 video visits');
  });

  it('reads a namespace prefix only when it names a namespace, and fixed namespaces in order', async () => {
    const { i18n } = translator();
    await i18n.loadNamespaces(['common', 'records']);
    expect(i18n.t('records:title')).toBe('Records');
    expect(i18n.t('Note: not a namespace')).toBe('Note: not a namespace');
    expect(i18n.getFixedT(null, ['records', 'common'])('hello', { name: 'x' })).toBe(
      'Hello from records',
    );
    expect(i18n.getFixedT(null, ['records', 'common'])('nested.deep.key')).toBe('Deep');
  });

  it('returns objects only when asked to', async () => {
    const { i18n } = translator();
    await i18n.loadNamespaces('common');
    expect(i18n.t('sections', { returnObjects: true })).toEqual({ first: 'First' });
    expect(i18n.t('sections')).toBe('sections');
  });

  it('loads every namespace asked for in the new language on a switch, and says so once', async () => {
    const { i18n, load } = translator();
    await i18n.loadNamespaces(['common', 'records']);
    const changed = vi.fn();
    i18n.on('languageChanged', changed);
    await i18n.changeLanguage('ar');
    expect(load.mock.calls.filter(([lng]) => lng === 'ar').map(([, ns]) => ns)).toEqual([
      'common',
      'records',
    ]);
    expect(changed).toHaveBeenCalledExactlyOnceWith('ar');
    expect(i18n.t('records:title')).toBe('السجلات');
    await i18n.changeLanguage('ar');
    expect(changed).toHaveBeenCalledOnce();
  });

  it('falls back to English only when its texts are loaded; exists() never falls back', async () => {
    const { i18n } = translator('en');
    await i18n.loadNamespaces('common');
    await i18n.changeLanguage('ar');
    expect(i18n.t('onlyEnglish')).toBe('Only in English');
    expect(i18n.exists('onlyEnglish')).toBe(false);
    expect(i18n.exists('hello')).toBe(true);
    expect(i18n.exists('onlyEnglish', { lng: 'en' })).toBe(true);

    const arabicOnly = translator('ar').i18n;
    await arabicOnly.loadNamespaces('common');
    expect(arabicOnly.t('onlyEnglish')).toBe('onlyEnglish');
  });

  it('downloads a namespace once, and again after a failed download', async () => {
    const { i18n, load } = translator();
    load.mockRejectedValueOnce(new Error('offline'));
    await expect(i18n.loadNamespaces('records')).rejects.toThrow('offline');
    expect(i18n.hasLoadedNamespace('records')).toBe(false);
    await Promise.all([i18n.loadNamespaces('records'), i18n.loadNamespaces('records')]);
    expect(i18n.hasLoadedNamespace('records')).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
