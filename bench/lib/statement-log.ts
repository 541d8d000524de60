import pg from 'pg';

/** One statement as the server ran it: its name (null: unnamed or a simple query), text, values. */
export interface LoggedStatement {
  /** The named prepared statement, or null for an unnamed one or a simple query. */
  name: string | null;
  /** True for the extended protocol (parameters bound apart from the text). */
  extended: boolean;
  text: string;
  /** $1, $2, … as text (null for NULL). */
  values: (string | null)[];
}

const PREFIX = '@@%p@@ ';
/** One log entry: `@@pid@@ SEVERITY:  message`, continuation lines indented by a tab. */
const ENTRY = /^@@(\d+)@@ ([A-Z]+): {2}([\s\S]*)$/;
const EXECUTE = /^execute ([^:]+): ([\s\S]*)$/;
const STATEMENT = /^statement: ([\s\S]*)$/;
const PARAMETER = /\$(\d+) = (NULL|'((?:[^']|'')*)')/g;

/**
 * PostgreSQL's own record of the statements a request sends, from its log output: the server
 * starts with `settings` and sends its output to `append`; statements are logged only while
 * `capture` runs.
 */
export function createStatementLog() {
  const chunks: string[] = [];
  const text = () => chunks.join('\n');

  function parse(log: string, excludePid: number): LoggedStatement[] {
    const statements: (LoggedStatement & { pid: number })[] = [];
    for (const raw of log.split(/\n(?=@@\d+@@ )/)) {
      const entry = ENTRY.exec(raw.trim());
      if (!entry) continue;
      const pid = Number(entry[1]);
      const body = entry[3]!.replaceAll('\n\t', '\n');
      if (pid === excludePid) continue;
      if (entry[2] === 'DETAIL') {
        const last = statements.at(-1);
        if (last?.pid !== pid) continue;
        for (const match of body.matchAll(PARAMETER)) {
          last.values[Number(match[1]) - 1] =
            match[2] === 'NULL' ? null : match[3]!.replaceAll("''", "'");
        }
        continue;
      }
      if (entry[2] !== 'LOG') continue;
      const execute = EXECUTE.exec(body);
      if (execute) {
        const name = execute[1] === '<unnamed>' ? null : execute[1]!;
        statements.push({ pid, name, extended: true, text: execute[2]!, values: [] });
        continue;
      }
      const simple = STATEMENT.exec(body);
      if (simple)
        statements.push({ pid, name: null, extended: false, text: simple[1]!, values: [] });
    }
    return statements.map(({ pid: _pid, ...statement }) => statement);
  }

  return {
    /** The server settings the log needs: an entry prefix that names the backend. */
    settings: { log_line_prefix: PREFIX },
    /** The server's output, chunk by chunk (each chunk whole lines, trimmed). */
    append(output: string) {
      chunks.push(output);
    },
    /**
     * The statements one request sends: logging is on for the capture only (`ALTER SYSTEM`, then
     * a reload). A reload reaches an idle backend only after its next command, so `send` first
     * runs `warmUp` times at once across the pool, then three times alone, each between two
     * markers; the sequence seen at least twice is the request's (a background job's statement
     * in one window cannot win).
     */
    async capture(
      { databaseUrl, warmUp = 20 }: { databaseUrl: string; warmUp?: number },
      send: () => Promise<void>,
    ): Promise<LoggedStatement[]> {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const ownPid = (client as unknown as { processID: number }).processID;
      let marker = 0;
      const mark = async () => {
        const probe = `select ${++marker} as capture_marker`;
        await client.query(probe);
        for (let i = 0; i < 250; i += 1) {
          const log = text();
          const at = log.lastIndexOf(`statement: ${probe}`);
          if (at >= 0) return at;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('PostgreSQL never logged the capture marker');
      };
      try {
        await client.query(`alter system set log_statement = 'all'`);
        await client.query('select pg_reload_conf()');
        await Promise.all(Array.from({ length: warmUp }, () => send()));
        const windows: LoggedStatement[][] = [];
        for (let i = 0; i < 3; i += 1) {
          const start = await mark();
          await send();
          const end = await mark();
          windows.push(parse(text().slice(start, end), ownPid));
        }
        const key = (statements: LoggedStatement[]) => statements.map((s) => s.text).join('\u0000');
        const agreed = windows.find((w, i) => windows.some((o, j) => j !== i && key(o) === key(w)));
        if (!agreed) throw new Error('three captures of one request logged different statements');
        return agreed;
      } finally {
        await client.query(`alter system reset log_statement`).catch(() => {});
        await client.query('select pg_reload_conf()').catch(() => {});
        await client.end();
      }
    },
  };
}
