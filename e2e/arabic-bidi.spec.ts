import path from 'node:path';
import type { Locator } from '@playwright/test';
import { openAs } from './support/journey.ts';
import { createPatients, patientBody } from './support/patients.ts';
import { becomeMember } from './support/premier.ts';
import { RESULTS_DIR } from './support/server.ts';
import { expect, test } from './support/test.ts';

/** Where each of `parts` (in order, within `element`'s text) is drawn on the page. */
async function boxesOf(element: Locator, parts: string[]) {
  return element.evaluate((node, wanted) => {
    const text = node.textContent ?? '';
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    for (let next = walker.nextNode(); next; next = walker.nextNode()) texts.push(next as Text);
    let from = 0;
    return wanted.map((part) => {
      const start = text.indexOf(part, from);
      from = start + part.length;
      // The text node and offset of a character of the element's whole text.
      const at = (offset: number): [Text, number] => {
        let seen = 0;
        for (const one of texts) {
          if (offset <= seen + one.length) return [one, offset - seen];
          seen += one.length;
        }
        throw new Error(`no character ${offset} in "${text}"`);
      };
      const range = document.createRange();
      range.setStart(...at(start));
      range.setEnd(...at(start + part.length));
      const { left, right, top } = range.getBoundingClientRect();
      return { left, right, top };
    });
  }, parts);
}

async function saveScreenshot(area: Locator, name: string) {
  await area.screenshot({ path: path.join(RESULTS_DIR, `arabic-bidi-${name}.png`) });
}

/**
 * Measures, doses and amounts read in order in right-to-left Arabic: each is an isolated
 * left-to-right run ("500 mg", "US$"), drawn with its parts in their own order while the line
 * around it runs from right to left. Checked on the boxes the browser draws; the two areas are
 * saved as pictures in .test-results.
 */
test('ar: a prescription’s strength and a receipt’s amount keep their own order in a right-to-left page', async ({
  page,
  baseURL,
}) => {
  let patientId = '';
  let idToken = '';
  const { t, main } = await openAs(page, baseURL!, 'ar', '/records', {
    prepare: async (session) => {
      idToken = session.idToken;
      [patientId] = (await createPatients(page, baseURL!, idToken, [
        patientBody('Amina Yusuf'),
      ])) as [string];
      const prescribed = await page.request.post(
        `${baseURL}/api/records/patients/${patientId}/prescriptions`,
        {
          headers: { authorization: `Bearer ${idToken}` },
          data: {
            medication: 'Amoxicillin',
            strength: '500 mg',
            dose: '1 capsule',
            route: 'oral',
            frequency: 'three times a day',
            duration: '7 days',
          },
        },
      );
      expect(prescribed.status()).toBe(201);
    },
  });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // The chart's medications: "500 mg" drawn as written, 500 left of mg, side by side.
  await page.goto(`/records/patients/${patientId}#medications`);
  const medications = main.getByRole('region', { name: t('clinical:medications.title') });
  const strength = medications.locator('bdi', { hasText: /^500 mg$/ });
  await expect(strength).toBeVisible();
  const [number, unit] = await boxesOf(strength, ['500', 'mg']);
  expect(number!.right).toBeLessThanOrEqual(unit!.left + 1);
  expect(unit!.left - number!.right).toBeLessThan(12);
  expect(Math.abs(number!.top - unit!.top)).toBeLessThan(2);
  await saveScreenshot(medications, 'medications');

  // A receipt: the symbol "US$" as written, on the left of the number, as Arabic reads it.
  await becomeMember(page, baseURL!, idToken);
  const listed = await page.request.get(`${baseURL}/api/premier/transactions`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  const [transaction] = (await listed.json()) as Array<{ id: string }>;
  await page.goto(`/premier/transactions/${transaction!.id}`);
  const receipt = main.getByRole('article');
  const symbol = receipt.locator('bdi[dir="ltr"]');
  await expect(symbol).toHaveText('US$');
  const amount = symbol.locator('xpath=..');
  const [us, dollar] = await boxesOf(symbol, ['US', '$']);
  expect(us!.right).toBeLessThanOrEqual(dollar!.left + 1);
  const amountText = (await amount.textContent())!;
  const figure = amountText.replace(/[^\d.,٠-٩٫٬]/gu, '');
  const [figureBox, symbolBox] = await boxesOf(amount, [figure, 'US$']);
  expect(symbolBox!.right).toBeLessThanOrEqual(figureBox!.left + 1);
  await saveScreenshot(amount.locator('xpath=..'), 'receipt-amount');
});
