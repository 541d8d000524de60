import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, loadPrerenderedPages } from './prerendered-pages.ts';

const LANGUAGES = ['en', 'ar', 'fr', 'de', 'zh-CN'];

describe('chooseLanguage', () => {
  it('takes the language stored in the cookie', () => {
    expect(chooseLanguage(LANGUAGES, { cookie: 'a=1; lang=ar', acceptLanguage: 'de' })).toBe('ar');
  });

  it('ignores a cookie naming a language the app does not have', () => {
    expect(chooseLanguage(LANGUAGES, { cookie: 'lang=xx', acceptLanguage: 'fr-FR' })).toBe('fr');
  });

  it('follows Accept-Language by quality, matching on the two-letter prefix', () => {
    expect(chooseLanguage(LANGUAGES, { acceptLanguage: 'es;q=0.9, zh-TW;q=0.8, de;q=0.5' })).toBe(
      'zh-CN',
    );
    expect(chooseLanguage(LANGUAGES, { acceptLanguage: 'de;q=0.4, fr;q=0.6' })).toBe('fr');
  });

  it('falls back to English', () => {
    expect(chooseLanguage(LANGUAGES, {})).toBe('en');
    expect(chooseLanguage(LANGUAGES, { acceptLanguage: 'es, it' })).toBe('en');
  });
});

describe('loadPrerenderedPages', () => {
  let dist: string;
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prerendered-'));
    fs.mkdirSync(path.join(dist, 'prerendered'));
    fs.writeFileSync(
      path.join(dist, 'prerendered', 'pages.json'),
      JSON.stringify({
        languages: LANGUAGES,
        pages: { '/': 'home.html', '/login': 'login.html' },
        variants: { '/login': { local: 'login.local.html' } },
      }),
    );
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('answers a prerendered path with its file in the reader language', () => {
    const pages = loadPrerenderedPages(dist, 'firebase')!;
    expect(pages.fileFor({ url: '/?x=1', headers: { cookie: 'lang=de' } })).toBe(
      'prerendered/de/home.html',
    );
    expect(pages.fileFor({ url: '/login', headers: {} })).toBe('prerendered/en/login.html');
    expect(pages.fileFor({ url: '/records', headers: {} })).toBeUndefined();
  });

  it("picks the sign-in provider's variant of a page when there is one", () => {
    const pages = loadPrerenderedPages(dist, 'local')!;
    expect(pages.fileFor({ url: '/login', headers: {} })).toBe('prerendered/en/login.local.html');
  });

  it('is undefined for a build without prerendered pages', () => {
    expect(loadPrerenderedPages(os.tmpdir(), 'local')).toBeUndefined();
  });
});
