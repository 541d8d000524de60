import type { CorrectionInPool } from './corrections.ts';
import type { DirectoryPools } from './directory.ts';
import type { KindPools } from './kinds.ts';
import type { MessagePools } from './messages.ts';
import type { MedicinePools } from './medicines.ts';
import type { LinkedRecordInPool } from './my-health.ts';
import type { ReminderInPool } from './reminders.ts';
import type { VideoVisitInPool } from './video.ts';
import type { VisitInPool } from './visits.ts';

/* What the campaign's requests draw from: its users and tokens, and the rows of the last batch. */

export interface FuzzUser {
  token: string;
  user: { _id: string; email: string };
}

export interface Pools {
  users: FuzzUser[];
  /** Every registered kind's items (kinds.ts). */
  kinds: KindPools;
  /** Patients (live and trashed) by owner's user id, oldest first. */
  patients: Array<{ id: string; ownerId: string; isDeleted: boolean; updatedAt: string }>;
  sessions: Array<{ id: string; userId: string; status: string }>;
  appointments: Array<{
    id: string;
    ownerId: string;
    patientId: string;
    updatedAt: string;
    /** Confirm and decline draw the owner's requests first. */
    status: string;
  }>;
  visits: VisitInPool[];
  /** Correction requests of the last batch (corrections.ts). */
  corrections: CorrectionInPool[];
  /** Voice calls started before the run (one per user), by their user's id. */
  calls: Array<{ id: string; ownerId: string }>;
  /** A record some pool users are linked to, seeded before the run (my-health.ts). */
  linked: LinkedRecordInPool;
  /** Reminders seeded before the run (reminders.ts). */
  reminders: ReminderInPool[];
  /** `<secret>.ics` of calendar feeds turned on during the run (some revoked since). */
  feedFiles: string[];
  /** Codes answered by `POST …/invitation` during the run (some used or ended since). */
  invitationCodes: string[];
  /** Links made during the run (some left or ended since). */
  linkIds: string[];
  /** Facilities and listings seeded before the run (directory.ts). */
  directory: DirectoryPools;
  /** Message threads seeded before the run and made during it (messages.ts). */
  messages: MessagePools;
  /** Pharmacies, prescriptions' tokens, sent prescriptions and refill requests (medicines.ts). */
  medicines: MedicinePools;
  /** Video appointments open during the whole run, seeded before it (video.ts). */
  videoVisits: VideoVisitInPool[];
  cursors: string[];
  unregisteredToken: string;
  foreignToken: string;
  freshTokens: string[];
  agentId: string;
  premiumAmount: number;
}
