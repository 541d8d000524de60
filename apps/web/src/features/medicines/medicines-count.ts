import type { z } from 'zod';
import type { ZRefillCount } from '@portal/shared/medicines';

/** `GET /api/records/refill-requests/count` */
export type TRefillCount = z.infer<typeof ZRefillCount>;
