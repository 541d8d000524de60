/**
 * The arguments of a call whose answer is the signed-in user's: `viewer` is that user's id. It is
 * never sent: it keys the cache, so what one person fetched is never shown to the next person
 * signing in on this browser.
 */
export interface ViewerArgs {
  viewer?: string;
}

/** A call about one of the viewer's patients (a list in the patient's details). */
export interface PatientArgs extends ViewerArgs {
  patientId: string;
}
