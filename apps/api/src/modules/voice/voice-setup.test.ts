import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRetell, type FakeRetell } from '../../../test/fake-retell.ts';
import { VOICE_AGENT_PROMPT, VOICE_FUNCTION_NAMES } from './voice-agent.definition.ts';
import { setUpVoiceAgent } from './voice-setup.ts';

/** `npm run voice:setup` against the local fake Retell server. */

const API_KEY = 'key_voice_setup_91ab';
const PUBLIC_URL = 'https://portal.example.test/';
let retell: FakeRetell;

beforeAll(async () => {
  retell = await startFakeRetell();
});
afterAll(() => retell.close());

describe('voice:setup', () => {
  it('creates the LLM with the prompt and the four functions, then the agent that uses it', async () => {
    const result = await setUpVoiceAgent({
      apiKey: API_KEY,
      publicUrl: PUBLIC_URL,
      baseUrl: retell.url,
    });

    expect(result.created).toBe(true);
    expect(retell.received.every((request) => request.authorization === `Bearer ${API_KEY}`)).toBe(
      true,
    );
    const llm = retell.llms.get(result.llmId)!;
    expect(llm.general_prompt).toBe(VOICE_AGENT_PROMPT);
    const tools = llm.general_tools as {
      name: string;
      type: string;
      url: string;
      parameters: { type: string; properties: Record<string, unknown>; required?: string[] };
    }[];
    expect(tools.map((tool) => tool.name)).toEqual(VOICE_FUNCTION_NAMES);
    for (const tool of tools) {
      expect(tool.type).toBe('custom');
      expect(tool.url).toBe('https://portal.example.test/api/retellai/functions');
      expect(tool.parameters.type).toBe('object');
    }
    const booking = tools.find((tool) => tool.name === 'book_appointment')!.parameters;
    expect(Object.keys(booking.properties)).toEqual(
      expect.arrayContaining(['patient_id', 'start', 'duration', 'confirmed']),
    );
    expect(booking.required).toEqual(['patient_id', 'start']);

    const agent = retell.agents.get(result.agentId)!;
    expect(agent).toMatchObject({
      response_engine: { type: 'retell-llm', llm_id: result.llmId },
      webhook_url: 'https://portal.example.test/api/retellai/webhook',
      webhook_events: ['call_ended'],
    });
  });

  it('updates the same LLM and agent when RETELL_AGENT_ID is given', async () => {
    const first = await setUpVoiceAgent({
      apiKey: API_KEY,
      publicUrl: PUBLIC_URL,
      baseUrl: retell.url,
    });
    const llmsBefore = retell.llms.size;
    const again = await setUpVoiceAgent({
      apiKey: API_KEY,
      publicUrl: 'https://moved.example.test',
      agentId: first.agentId,
      baseUrl: retell.url,
    });
    expect(again).toEqual({ agentId: first.agentId, llmId: first.llmId, created: false });
    expect(retell.llms.size).toBe(llmsBefore);
    expect(retell.agents.get(first.agentId)).toMatchObject({
      version: 1,
      webhook_url: 'https://moved.example.test/api/retellai/webhook',
    });
    expect(retell.llms.get(first.llmId)).toMatchObject({ version: 1 });
  });

  it('the npm script prints the RETELL_AGENT_ID to use, and refuses without an API key', async () => {
    const run = promisify(execFile);
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const script = path.join(root, 'apps/api/src/voice-setup.ts');
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const env = { PATH: process.env.PATH, PUBLIC_URL, RETELL_BASE_URL: retell.url };
    const { stdout } = await run(tsx, [script], { env: { ...env, RETELL_API_KEY: API_KEY } });
    expect(stdout).toMatch(/^RETELL_AGENT_ID=agent_fake_\d+$/m);
    expect(stdout).not.toContain(API_KEY);

    await expect(run(tsx, [script], { env })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('RETELL_API_KEY is required'),
    });
  });
});
