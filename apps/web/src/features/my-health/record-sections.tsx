import { useGetMyRecordQuery } from './my-health-api.ts';

import { Appointments } from './my-appointments.tsx';
import { CarePlans } from './my-care-plans.tsx';
import { Allergies, Immunizations, Prescriptions } from './my-kinds.tsx';
import { Visits } from './my-visits.tsx';
import { MyVitals } from './my-vitals.tsx';
import { PracticeCard } from './practice-card.tsx';
import { useRecordArgs } from './record-source.tsx';

/** The sections of one linked record, in the order a visit to the practice runs. */
export function RecordSections({ patientId }: { patientId: string }) {
  const record = useGetMyRecordQuery(useRecordArgs(patientId).args);
  return (
    <>
      <PracticeCard record={record.currentData} hasFailed={record.isError && !record.isFetching} />
      <Appointments
        patientId={patientId}
        phone={record.currentData?.practice.phone ?? null}
        practitionerName={record.currentData?.practice.practitionerName ?? ''}
      />
      <CarePlans patientId={patientId} />
      <Visits patientId={patientId} />
      <MyVitals patientId={patientId} />
      <Prescriptions patientId={patientId} />
      <Allergies patientId={patientId} />
      <Immunizations patientId={patientId} />
    </>
  );
}
