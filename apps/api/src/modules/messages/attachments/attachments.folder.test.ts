import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TAttachment } from '@portal/shared/message-threads';
import { useTestApp } from '../../../../test/app.ts';
import { messagesTestKit } from '../messages.factories.ts';
import { pdfFile } from './attachments.factories.ts';
import { sweepAttachments } from './attachments.sweep.ts';
import { attachmentStorages, databaseStorage, folderStorage } from './storage.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-attachments-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const ctx = useTestApp({ env: { MESSAGE_ATTACHMENTS_DIR: dir } });
const { json, startThread, upload, download, send, careTeam } = messagesTestKit(ctx);

const hoursAgo = (file: string, hours: number) => {
  const at = new Date(Date.now() - hours * 3_600_000);
  fs.utimesSync(file, at, at);
};

describe('attachments kept in a folder (MESSAGE_ATTACHMENTS_DIR)', () => {
  it('writes each file under its random id, never its name, and serves it from there', async () => {
    const { doctor, patient, patientId } = await careTeam();
    const { thread } = await startThread(patient.headers, {
      patientId,
      subject: 'Scan',
      body: 'Attached',
    });
    const pdf = pdfFile();
    const uploaded = json<TAttachment>(
      await upload(patient.headers, thread._id, { bytes: pdf, name: 'my-scan.pdf' }),
      201,
    );
    await send(patient.headers, thread._id, { body: '', attachmentIds: [uploaded._id] });

    expect(fs.readdirSync(dir)).toEqual([uploaded._id]);
    expect(fs.readFileSync(path.join(dir, uploaded._id))).toEqual(pdf);
    const inDatabase = await ctx.database.pool.query(
      `select stored_in, (select count(*)::int from message_attachment_contents
         where attachment_id = a.id) as contents from message_attachments a where id = $1`,
      [uploaded._id],
    );
    expect(inDatabase.rows).toEqual([{ stored_in: 'folder', contents: 0 }]);
    const fetched = await download(doctor.headers, thread._id, uploaded._id);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload).toEqual(pdf);
  });

  it('sweeps unsent files after a day, files whose row went, and half-written ones', async () => {
    const { patient, patientId } = await careTeam();
    const { thread } = await startThread(patient.headers, {
      patientId,
      subject: 'Sweep',
      body: 'Attached',
    });
    const unsent = json<TAttachment>(
      await upload(patient.headers, thread._id, { bytes: pdfFile() }),
      201,
    );
    const orphan = path.join(dir, crypto.randomUUID());
    const halfWritten = path.join(dir, '.upload-crashed');
    const fresh = path.join(dir, '.upload-being-written');
    for (const file of [orphan, halfWritten, fresh]) fs.writeFileSync(file, 'x');
    hoursAgo(orphan, 2);
    hoursAgo(halfWritten, 2);
    hoursAgo(path.join(dir, unsent._id), 25);

    await sweepAttachments({
      db: ctx.database.db,
      storages: attachmentStorages(dir),
      now: () => new Date(Date.now() + 25 * 3_600_000),
    });

    const left = fs.readdirSync(dir);
    expect(left).toContain('.upload-being-written');
    for (const gone of [unsent._id, path.basename(orphan), '.upload-crashed'])
      expect(left).not.toContain(gone);
    fs.rmSync(fresh);
  });
});

describe('folderStorage', () => {
  it('leaves no file under the id nor a temporary one when the write fails', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-attachments-'));
    const storage = folderStorage(own);
    const id = crypto.randomUUID();
    // A folder in the way makes the rename fail after the bytes were written.
    fs.mkdirSync(path.join(own, id));
    fs.writeFileSync(path.join(own, id, 'keep'), 'x');
    await expect(storage.put(ctx.database.db, id, Buffer.from('%PDF-1.4'))).rejects.toThrow();
    expect(fs.readdirSync(own)).toEqual([id]);
    expect(await storage.get(ctx.database.db, crypto.randomUUID())).toBeUndefined();
    fs.rmSync(own, { recursive: true });
  });

  it('never builds a path from anything but an attachment id', async () => {
    await expect(folderStorage(dir).get(ctx.database.db, '../etc/passwd')).rejects.toThrow(
      'an attachment id is a uuid',
    );
  });
});

describe('databaseStorage', () => {
  it('reads nothing for an unknown id and has nothing to sweep', async () => {
    const storage = databaseStorage();
    expect(await storage.get(ctx.database.db, crypto.randomUUID())).toBeUndefined();
    expect(await storage.sweep(async () => new Set(), 0)).toBe(0);
  });
});
