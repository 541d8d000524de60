import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * No axe violation in what `container` drew, listed by rule and element so a failure says what
 * is wrong and where. jsdom lays nothing out and draws no colours: contrast, and landmarks of
 * the whole page, are the journeys' scans (e2e/support/axe.ts).
 */
export async function expectNoAxeViolations(container: HTMLElement) {
  const { violations } = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(
    violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.html).join(' ')}`),
  ).toEqual([]);
}
