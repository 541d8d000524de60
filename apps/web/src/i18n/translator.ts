/**
 * The portal's texts: namespaces of JSON loaded on demand, one language at a time, looked up by
 * dotted key with `{{placeholders}}`, plural forms (`_zero`, `_one`, `_two`, `_few`, `_many`,
 * `_other`, chosen by `Intl.PluralRules`), `_context` variants and a `namespace:` prefix: the
 * i18next JSON format (v4) the locale files are written in, and the part of i18next's API the
 * app calls. It replaces i18next because every page loads it first: 2 KiB where i18next is 15.
 */

type Resource = Record<string, unknown>;

/** What a lookup takes besides its key: the placeholders' values and how to choose the text. */
export interface TOptions {
  count?: number;
  context?: string;
  defaultValue?: string;
  ns?: string | readonly string[];
  lng?: string;
  returnObjects?: boolean;
  [value: string]: unknown;
}

/**
 * A text by key in a fixed language and namespaces. Several keys: the first that has a text. A
 * string instead of options, or `defaultValue`: the text when no key has one; otherwise the
 * (last) key itself.
 */
export interface TFunction {
  (key: Keys, options?: (TOptions & { returnObjects?: false }) | string): string;
  (key: Keys, options: TOptions & { returnObjects: true }): unknown;
}

type Keys = string | readonly string[];

type Event = 'languageChanged' | 'loaded';
type Listener = (language: string) => void;

export interface TranslatorOptions {
  language: string;
  /** Looked in when a key is missing in the language, if its texts happen to be loaded. */
  fallbackLanguage: string;
  defaultNamespace: string;
  /** Every namespace there is: a `name:` prefix of a key names one only when it is listed. */
  namespaces: readonly string[];
  load: (language: string, namespace: string) => Promise<Resource>;
}

/** `{{name}}`, `{{ a.b }}` or `{{- name}}` (i18next's unescaped form, the same here). */
const PLACEHOLDER = /\{\{-?\s*([\w.]+)\s*\}\}/g;

export class Translator {
  language: string;
  private readonly resources = new Map<string, Resource>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Every namespace asked for: a language switch loads them all in the new language. */
  private readonly wanted = new Set<string>();
  private readonly listeners = new Map<Event, Set<Listener>>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();

  constructor(private readonly options: TranslatorOptions) {
    this.language = options.language;
  }

  get resolvedLanguage(): string {
    return this.language;
  }

  /** Bound, so that it can be handed around like a fixed t. */
  t: TFunction = ((key: Keys, options?: TOptions | string) =>
    this.translate(key, null, undefined, options)) as TFunction;

  /** A t for one language (null: the current one) and namespaces (the first is the default). */
  getFixedT(language: string | null, namespaces?: string | readonly string[]): TFunction {
    return ((key: Keys, options?: TOptions | string) =>
      this.translate(key, language, namespaces, options)) as TFunction;
  }

  /** Loads namespaces in the current language; later language switches load them too. */
  loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    for (const namespace of list) this.wanted.add(namespace);
    return this.ensure([this.language], list);
  }

  /** Loads every namespace asked for so far in these languages, without switching. */
  loadLanguages(languages: string | readonly string[]): Promise<void> {
    return this.ensure(typeof languages === 'string' ? [languages] : languages, [...this.wanted]);
  }

  async changeLanguage(language: string): Promise<TFunction> {
    await this.loadLanguages(language);
    if (language !== this.language) {
      this.language = language;
      this.emit('languageChanged', language);
    }
    return this.t;
  }

  hasLoadedNamespace(namespace: string, { lng }: { lng?: string } = {}): boolean {
    return this.resources.has(resourceKey(lng ?? this.language, namespace));
  }

  /** Whether the language (not its fallback) has a text for the key. */
  exists(key: string, options: { ns?: string | readonly string[]; lng?: string } = {}): boolean {
    const { namespaces, path } = this.splitKey(key, options.ns);
    const language = options.lng ?? this.language;
    return namespaces.some((namespace) => this.lookUp(language, namespace, path) !== undefined);
  }

  on(event: Event, listener: Listener): void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
  }

  off(event: Event, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  private emit(event: Event, language: string): void {
    for (const listener of this.listeners.get(event) ?? []) listener(language);
  }

  private ensure(languages: readonly string[], namespaces: readonly string[]): Promise<void> {
    const loads = languages.flatMap((language) =>
      namespaces.map((namespace) => {
        const key = resourceKey(language, namespace);
        let load = this.loading.get(key);
        if (!load) {
          load = this.options.load(language, namespace).then(
            (resource) => {
              this.resources.set(key, resource);
              this.emit('loaded', language);
            },
            (error: unknown) => {
              // A failed download may be tried again (the next page that needs it).
              this.loading.delete(key);
              throw error;
            },
          );
          this.loading.set(key, load);
        }
        return load;
      }),
    );
    return Promise.all(loads).then(() => undefined);
  }

  private splitKey(key: string, namespaces?: string | readonly string[]) {
    const colon = key.indexOf(':');
    const prefix = colon > 0 ? key.slice(0, colon) : '';
    if (prefix && this.options.namespaces.includes(prefix)) {
      return { namespaces: [prefix], path: key.slice(colon + 1) };
    }
    const list = typeof namespaces === 'string' ? [namespaces] : (namespaces ?? []);
    return {
      namespaces: list.length > 0 ? list : [this.options.defaultNamespace],
      path: key,
    };
  }

  private lookUp(language: string, namespace: string, path: string): unknown {
    let node: unknown = this.resources.get(resourceKey(language, namespace));
    for (const part of path.split('.')) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Resource)[part];
    }
    return node;
  }

  /** The keys a lookup tries, best first, as i18next orders them. */
  private candidates(path: string, language: string, options?: TOptions): string[] {
    const keys = [path];
    const count = options?.count;
    const plural = typeof count === 'number' ? `_${this.pluralRule(language).select(count)}` : '';
    const isZero = count === 0;
    if (plural) keys.push(path + plural, ...(isZero ? [`${path}_zero`] : []));
    const context = options?.context;
    if (context) {
      const contextKey = `${path}_${context}`;
      keys.push(contextKey);
      if (plural) keys.push(contextKey + plural, ...(isZero ? [`${contextKey}_zero`] : []));
    }
    return keys.reverse();
  }

  private pluralRule(language: string): Intl.PluralRules {
    let rule = this.pluralRules.get(language);
    if (!rule) this.pluralRules.set(language, (rule = new Intl.PluralRules(language)));
    return rule;
  }

  private translate(
    keys: Keys,
    fixedLanguage: string | null,
    fixedNamespaces: string | readonly string[] | undefined,
    optionsOrDefault: TOptions | string | undefined,
  ): unknown {
    const options =
      typeof optionsOrDefault === 'string' ? { defaultValue: optionsOrDefault } : optionsOrDefault;
    const language = options?.lng ?? fixedLanguage ?? this.language;
    const keyList = typeof keys === 'string' ? [keys] : keys;
    let path = '';
    for (const key of keyList) {
      const split = this.splitKey(key, options?.ns ?? fixedNamespaces);
      path = split.path;
      for (const code of new Set([language, this.options.fallbackLanguage])) {
        for (const namespace of split.namespaces) {
          for (const candidate of this.candidates(split.path, code, options)) {
            const found = this.lookUp(code, namespace, candidate);
            if (typeof found === 'string') return interpolate(found, options);
            if (found !== undefined && found !== null && options?.returnObjects) return found;
          }
        }
      }
    }
    return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : path;
  }
}

function resourceKey(language: string, namespace: string): string {
  return `${language}|${namespace}`;
}

/**
 * `{{name}}` (and `{{- name}}`) replaced by the option of that name (dotted for a nested one). A
 * placeholder without a value stays as written, unless the option is there and undefined: then
 * it is empty. Values are not escaped: React escapes what it renders.
 */
function interpolate(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = name
      .split('.')
      .reduce<unknown>(
        (node, part) =>
          node !== null && typeof node === 'object' ? (node as Resource)[part] : undefined,
        values,
      );
    if (value === undefined) return Object.hasOwn(values, name) ? '' : placeholder;
    return String(value);
  });
}
