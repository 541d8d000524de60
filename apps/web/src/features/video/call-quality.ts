/** How well the call goes, said in words beside the video (never by colour alone). */
export type Quality = 'good' | 'fair' | 'poor';

/**
 * From the share of packets lost since the last look and the round trip: below 2 % and 300 ms is
 * good, below 8 % and 600 ms fair, else poor (what people notice as clipped or delayed speech).
 */
export function qualityOf({
  lossRatio,
  roundTripSeconds,
}: {
  lossRatio: number;
  roundTripSeconds: number | undefined;
}): Quality {
  const rtt = roundTripSeconds ?? 0;
  if (lossRatio < 0.02 && rtt < 0.3) return 'good';
  if (lossRatio < 0.08 && rtt < 0.6) return 'fair';
  return 'poor';
}
