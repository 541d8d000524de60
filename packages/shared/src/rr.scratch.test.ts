import { rruleProblem, occurrenceDates, simpleRecurrence } from '/work/wt/care-plans/packages/shared/src/care-plan-rrule.ts';
for (const r of ['', 'FREQ=MONTHLY;INTERVAL=3', 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE', 'FREQ=HOURLY', 'FREQ=FOO', 'garbage', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'DTSTART:20200101T000000Z\nRRULE:FREQ=DAILY','FREQ=DAILY;COUNT=3', 'INTERVAL=2', 'FREQ=MONTHLY;BYSETPOS=-1;BYDAY=FR','FREQ=DAILY;UNTIL=20260101'])
  { const t=performance.now(); console.log(JSON.stringify(r), rruleProblem(r), (performance.now()-t).toFixed(1)); }
let t=performance.now();
console.log(occurrenceDates({start:'2026-01-15', rrule:'FREQ=MONTHLY;INTERVAL=3', from:'2026-01-01', to:'2026-12-31'}), performance.now()-t);
t=performance.now();
console.log(occurrenceDates({start:'2000-01-01', rrule:'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', from:'2026-01-01', to:'2026-12-31'}), performance.now()-t);
t=performance.now();
console.log(occurrenceDates({start:'2000-01-01', rrule:'FREQ=DAILY', from:'2099-01-01', to:'2099-12-31'}).length, performance.now()-t);
console.log(simpleRecurrence('FREQ=MONTHLY;INTERVAL=3'), simpleRecurrence('FREQ=WEEKLY;BYDAY=MO'), simpleRecurrence('FREQ=DAILY;COUNT=5'));
