import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe's rules over what a component test rendered (jsdom): labels, roles, names, ARIA, landmarks
 * inside it. Colour contrast needs a real renderer and is left to the browser journeys.
 */
export async function expectNoAxeViolations(container: Element = document.body): Promise<void> {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}
