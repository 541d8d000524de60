import type { Locator } from '@playwright/test';

/** Presses a control as a keyboard user does: focus, then Enter. */
export async function press(control: Locator) {
  await control.focus();
  await control.press('Enter');
}

/**
 * Records an allergy from the patient's allergies section by keyboard: Add allergy, the
 * substance, the reaction (when given) and the severity, then Save. Returns the section.
 */
export async function addAllergy(
  main: Locator,
  t: (key: string) => string,
  { substance, reaction, severity }: { substance: string; reaction?: string; severity: string },
): Promise<Locator> {
  const allergies = main.getByRole('region', { name: t('clinical:allergies.title'), exact: true });
  await press(allergies.getByRole('button', { name: t('clinical:allergies.add') }));
  const form = allergies.getByRole('form', { name: t('clinical:allergies.addTitle') });
  await form.getByLabel(t('clinical:allergies.substance')).fill(substance);
  if (reaction) await form.getByLabel(t('clinical:allergies.reaction')).fill(reaction);
  await form.getByLabel(t('clinical:allergies.severity')).selectOption(severity);
  await press(form.getByRole('button', { name: t('clinical:allergies.save') }));
  return allergies;
}
