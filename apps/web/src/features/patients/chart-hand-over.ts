import { useMemo } from 'react';
import { useStore } from 'react-redux';
import type { TPatient } from '@portal/shared/patient';
import type { SaveWarning } from './patients-api.ts';

/**
 * What passes between the list and a chart as the reader moves between them. Kept in memory,
 * never in the browser's history (which the browser may write to disk): a search may hold a
 * patient's name, a notice does.
 */

/** The list as it was when a patient was opened from it: Back finds it so. */
export interface ListMemory {
  /** The list's history entry (`location.key`) and the signed-in user it was theirs. */
  entryKey: string;
  viewer: string | undefined;
  searchText: string;
  cursors: (string | undefined)[];
  scrollY: number;
  /** The patient opened: focus goes back to their row. */
  openedId: string;
}

interface HandOver {
  list: ListMemory | null;
  deleted: TPatient | null;
  created: { patientId: string; warnings: SaveWarning[] } | null;
}

/** By the app's store: one app's (or one test's) hand-overs never reach another's. */
const handOvers = new WeakMap<object, HandOver>();

/** The list's and the charts' hand-overs in this app. */
export function useChartHandOver() {
  const store = useStore();
  return useMemo(() => handOverIn(store), [store]);
}

function handOverIn(store: object) {
  let handOver = handOvers.get(store);
  if (!handOver) {
    handOver = { list: null, deleted: null, created: null };
    handOvers.set(store, handOver);
  }
  const current = handOver;
  return {
    rememberList(memory: ListMemory): void {
      current.list = memory;
    },
    /** The list's memory, only for the history entry and user it was taken for. */
    recallList(entryKey: string, viewer: string | undefined): ListMemory | null {
      const { list } = current;
      return list?.entryKey === entryKey && list.viewer === viewer ? list : null;
    },
    /** A patient deleted on their chart: the list, where the reader lands, offers Undo. */
    handOverDeleted(patient: TPatient): void {
      current.deleted = patient;
    },
    peekDeleted(): TPatient | null {
      return current.deleted;
    },
    takeDeleted(): TPatient | null {
      const patient = current.deleted;
      current.deleted = null;
      return patient;
    },
    /** A patient just created: their chart says so, with any warning from the save. */
    handOverCreated(patientId: string, warnings: SaveWarning[]): void {
      current.created = { patientId, warnings };
    },
    peekCreated(patientId: string): SaveWarning[] | null {
      return current.created?.patientId === patientId ? current.created.warnings : null;
    },
    forgetCreated(patientId: string): void {
      if (current.created?.patientId === patientId) current.created = null;
    },
  };
}
