import { chromium } from 'playwright-core';
import { patientInput } from '@portal/shared/patient.factories';
import { storeSession, type SignedInUser } from '../../e2e/support/session.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { signIn, tempDir } from './portal.ts';

/** A page the browser benches open: its address and whether it needs a signed-in session. */
export interface BenchPage {
  label: string;
  path: string;
  isSignedIn: boolean;
}

/**
 * The pages measured in the browser: the public ones and every signed-in page a practitioner
 * works in, the chart on a patient made for it.
 */
export async function benchPages(url: string, token: string): Promise<BenchPage[]> {
  const created = await fetch(`${url}/api/records/patients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(patientInput({ name: 'Amina Haddad' })),
  });
  if (!created.ok) throw new Error(`bench patient not created: ${created.status}`);
  const patient = (await created.json()) as { _id: string };
  const signedIn = (label: string, path = label) => ({ label, path, isSignedIn: true });
  return [
    { label: '/', path: '/', isSignedIn: false },
    { label: '/login', path: '/login', isSignedIn: false },
    signedIn('/records'),
    signedIn('chart', `/records/patients/${patient._id}`),
    signedIn('/appointments'),
    signedIn('/userProfile'),
    signedIn('/today'),
    signedIn('/search', '/search?q=Amina'),
    signedIn('/premier/transactions'),
  ];
}

/** Signs a bench practitioner in: the token for API calls and the session for the browser. */
export async function benchPractitioner(url: string) {
  const { token, user } = await signIn(url, 'pages@example.test', 'Dr. Bench Pages');
  return { token, stored: { idToken: token, user } };
}

/** A Chromium profile whose storage holds a signed-in session for the portal's origin. */
export async function signedInProfile(url: string, stored: SignedInUser): Promise<string> {
  const profile = tempDir('profile');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  await storeSession(await context.newPage(), url, stored);
  await context.close();
  return profile;
}
