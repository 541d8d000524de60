import type { TestProjectInlineConfiguration } from 'vitest/config';

/** The web suite's two Vitest projects (test-projects.mjs). */
export function webTestProjects(base: true | string): TestProjectInlineConfiguration[];
