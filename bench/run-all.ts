// `npm run bench`: every benchmark in one run, each printing its table and writing
// bench/results/<name>.json. Figures are reported, never asserted by a test; the pages' budgets
// (lib/budgets.ts) are checked at the end, and a page over its budget fails the run.
import { execFileSync } from 'node:child_process';
import { benchApi } from './api.ts';
import { benchApiVsPostgres } from './api-vs-postgres.ts';
import { benchAppointments } from './appointments.ts';
import { benchCalendar } from './calendar.ts';
import { benchCarePlans } from './care-plans.ts';
import { benchClinical } from './clinical.ts';
import { benchMedicines } from './medicines.ts';
import { benchDirectory } from './directory.ts';
import { benchKinds } from './kinds.ts';
import { benchInstances } from './instances.ts';
import { benchLighthouse } from './lighthouse.ts';
import { reportBudgets } from './lib/budgets.ts';
import { ROOT } from './lib/portal.ts';
import { benchPatientEnd } from './patient-end.ts';
import { benchSearch } from './search.ts';
import { benchStartup } from './startup.ts';
import { benchTimeline } from './timeline.ts';
import { benchValidation } from './validation.ts';
import { benchVisits } from './visits.ts';
import { benchWebSize } from './web-size.ts';

execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ROOT, stdio: 'inherit' });
await benchStartup();
await benchWebSize();
await benchLighthouse();
await benchApi();
await benchApiVsPostgres();
await benchInstances();
await benchValidation();
await benchAppointments();
await benchCalendar();
await benchVisits();
await benchClinical();
await benchMedicines();
await benchKinds();
await benchTimeline();
await benchCarePlans();
await benchSearch();
await benchDirectory();
await benchPatientEnd();
reportBudgets();
