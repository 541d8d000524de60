/**
 * The API's URL of one of the viewer's patients, or of what lies under it
 * (`patientUrl(id, 'visits', visitId, 'sign')`): every part encoded.
 */
export const patientUrl = (patientId: string, ...path: string[]) =>
  ['/records/patients', ...[patientId, ...path].map(encodeURIComponent)].join('/');
