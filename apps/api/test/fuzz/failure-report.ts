import type { RowChange } from './db-state.ts';
import type { FuzzUser } from './pools.ts';
import type { FuzzRequest } from './requests.ts';

/** A request as it can be pasted into a bug report: tokens named, long values cut. */
export function describeRequest(request: FuzzRequest, users: FuzzUser[]): string {
  const cut = (text: string, max = 300) =>
    text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => {
      let shown = value;
      users.forEach(
        (user, index) => (shown = shown.replaceAll(user.token, `<token of user ${index}>`)),
      );
      return [name, cut(shown, 120)];
    }),
  );
  return `${request.method} ${cut(request.url)} auth=${request.auth} actor=${request.actor} ${JSON.stringify(headers)} body(${request.body?.kind ?? 'none'})=${cut(JSON.stringify(request.payload ?? null), 800)}`;
}

/** A row a batch changed, as a failure names it. */
export function describeChange(change: RowChange): string {
  return `${change.table} ${change.key} ${change.kind}`;
}
