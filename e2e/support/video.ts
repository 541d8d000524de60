import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { traceCalls } from './call-trace.ts';
import { createLinkedPatient } from './linked-patient.ts';
import { storeSession, type SignedInUser } from './session.ts';

/**
 * A tiny looping camera for Chromium's fake capture device (`--use-file-for-fake-video-capture`):
 * 160×120, 10 frames of moving grey, so two video calls cost little CPU on a 2-core machine.
 */
export function smallFakeVideo(): string {
  const file = path.join(os.tmpdir(), `portal-e2e-fake-camera-${process.pid}.y4m`);
  if (fs.existsSync(file)) return file;
  const [width, height, frames] = [160, 120, 10];
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let frame = 0; frame < frames; frame += 1) {
    parts.push(Buffer.from('FRAME\n'));
    const luma = Buffer.alloc(width * height);
    for (let i = 0; i < luma.length; i += 1) luma[i] = (i % width) * 1.5 + frame * 12;
    parts.push(luma, Buffer.alloc((width * height) / 2, 128));
  }
  fs.writeFileSync(file, Buffer.concat(parts));
  return file;
}

export interface VideoVisit {
  appointmentId: string;
  practitioner: SignedInUser;
  patient: SignedInUser;
}

/** A linked patient (support/linked-patient.ts) with a video appointment starting in 3 minutes. */
export async function createVideoVisit(
  request: APIRequestContext,
  baseURL: string,
  names: { practitionerName?: string; patientName?: string } = {},
): Promise<VideoVisit> {
  const { practitioner, patient, patientId } = await createLinkedPatient(request, baseURL, names);
  const start = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000);
  const booked = await request.post(`${baseURL}/api/appointments`, {
    headers: { authorization: `Bearer ${practitioner.idToken}` },
    data: { patientId, start: start.toISOString(), duration: 30, kind: 'video' },
  });
  expect(booked.status()).toBe(201);
  const { _id: appointmentId } = (await booked.json()) as { _id: string };
  return { appointmentId, practitioner, patient };
}

/** A browser context of its own (a second person), signed in as `session`, on the visit's call. */
export async function openCall(
  browser: Browser,
  baseURL: string,
  session: SignedInUser,
  appointmentId: string,
  language = 'en',
): Promise<Page> {
  const context = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'] });
  await traceCalls(context);
  const page = await context.newPage();
  await storeSession(page, baseURL, session);
  await page.addInitScript((code) => localStorage.setItem('lang', code), language);
  await page.goto(`/video/${appointmentId}`);
  return page;
}

/** Frames of the other side's video decoded so far (the page's connection, through its test hook). */
export function framesDecoded(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const connection = (window as unknown as Record<string, RTCPeerConnection | undefined>)
      .__carebridgeVideoConnection;
    if (!connection) return 0;
    let frames = 0;
    (await connection.getStats()).forEach((stat: Record<string, unknown>) => {
      if (stat.type === 'inbound-rtp' && stat.kind === 'video')
        frames += Number(stat.framesDecoded ?? 0);
    });
    return frames;
  });
}

/** The candidate types of the pair the connection uses: `{ local, remote }` (host, srflx, relay). */
export function selectedCandidates(
  page: Page,
): Promise<{ local: string | undefined; remote: string | undefined }> {
  return page.evaluate(async () => {
    const connection = (window as unknown as Record<string, RTCPeerConnection | undefined>)
      .__carebridgeVideoConnection;
    const found: { local?: string; remote?: string } = {};
    if (!connection) return { local: undefined, remote: undefined };
    const stats = new Map<string, Record<string, unknown>>();
    (await connection.getStats()).forEach((stat: Record<string, unknown>) =>
      stats.set(String(stat.id), stat),
    );
    let pairId: string | undefined;
    for (const stat of stats.values())
      if (stat.type === 'transport' && stat.selectedCandidatePairId)
        pairId = String(stat.selectedCandidatePairId);
    const pair = pairId ? stats.get(pairId) : undefined;
    if (pair) {
      found.local = stats.get(String(pair.localCandidateId))?.candidateType as string | undefined;
      found.remote = stats.get(String(pair.remoteCandidateId))?.candidateType as string | undefined;
    }
    return { local: found.local, remote: found.remote };
  });
}
