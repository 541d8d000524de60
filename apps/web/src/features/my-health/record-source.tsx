import { createContext, useContext } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import type { MyRecordArgs, RecordSource } from './my-health-api.ts';

const RecordSourceContext = createContext<RecordSource>('me');

/**
 * Which answers the record's sections below read: the linked person's (the default), or the
 * practitioner's preview, where the same sections show and nothing can be changed.
 */
export const RecordSourceProvider = RecordSourceContext.Provider;

/** The arguments of a section's call, and whether the reader may act on what it shows. */
export function useRecordArgs(patientId: string): {
  args: MyRecordArgs;
  isReadOnly: boolean;
} {
  const viewer = useAppSelector((state) => state.auth.userData?._id);
  const source = useContext(RecordSourceContext);
  return { args: { viewer, patientId, source }, isReadOnly: source === 'preview' };
}
