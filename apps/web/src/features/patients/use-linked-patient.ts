import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { TPatient } from '@portal/shared/patient';
import { useGetPatientQuery } from './patients-api.ts';

/**
 * `/records?patient=<id>` (where a search result links) opens that patient's details once the
 * patient has loaded; the parameter then leaves the address, so Back to List stays on the list.
 */
export function useLinkedPatient(open: (patient: TPatient) => void): void {
  const [params, setParams] = useSearchParams();
  const id = params.get('patient');
  const { data } = useGetPatientQuery(id ?? skipToken);
  const onLoaded = useEffectEvent((patient: TPatient) => {
    open(patient);
    setParams(
      (current) => {
        current.delete('patient');
        return current;
      },
      { replace: true },
    );
  });
  useEffect(() => {
    if (id && data?.patient._id === id) onLoaded(data.patient);
  }, [id, data]);
}
