/**
 * A doctor's public profile: `/find-doctor/{publicId}`, with the week it shows (`from`, a day in
 * the doctor's zone) and the free time being booked (`slot`, its start). The address holds the
 * whole booking in progress, so a guest sent to sign in comes back to the same time.
 */
export function doctorPath(id: string, { from, slot }: { from?: string; slot?: string } = {}) {
  const params = new URLSearchParams({ ...(from && { from }), ...(slot && { slot }) });
  const query = params.toString();
  return `/find-doctor/${encodeURIComponent(id)}${query ? `?${query}` : ''}`;
}
