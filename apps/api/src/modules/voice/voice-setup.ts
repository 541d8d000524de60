import Retell from 'retell-sdk';
import {
  VOICE_AGENT_PROMPT,
  VOICE_FUNCTIONS_PATH,
  VOICE_WEBHOOK_PATH,
  voiceFunctionTools,
} from './voice-agent.definition.ts';

const DEFAULT_BASE_URL = 'https://api.retellai.com';
/** A Retell stock voice that speaks every portal language ("multi"); RETELL_VOICE_ID overrides it. */
const DEFAULT_VOICE_ID = '11labs-Adrian';

export interface VoiceSetupOptions {
  apiKey: string;
  /** Where Retell reaches the portal: the functions and the webhook are under it. */
  publicUrl: string;
  /** An existing agent to update (RETELL_AGENT_ID); absent: a new LLM and agent are created. */
  agentId?: string;
  baseUrl?: string;
  voiceId?: string;
}

/**
 * Creates or updates the Retell LLM (prompt and custom functions, from
 * voice-agent.definition.ts) and the agent that speaks with it; answers the agent id to set as
 * RETELL_AGENT_ID. Running it again with that id updates both in place.
 */
export async function setUpVoiceAgent(
  options: VoiceSetupOptions,
): Promise<{ agentId: string; llmId: string; created: boolean }> {
  const client = new Retell({
    apiKey: options.apiKey,
    baseURL: options.baseUrl ?? DEFAULT_BASE_URL,
    maxRetries: 0,
    logLevel: 'off',
  });
  // Trailing slashes trimmed by hand: `/\/+$/` backtracks quadratically (regex-safety.test).
  let base = options.publicUrl;
  while (base.endsWith('/')) base = base.slice(0, -1);
  const llm = {
    general_prompt: VOICE_AGENT_PROMPT,
    general_tools: voiceFunctionTools(`${base}${VOICE_FUNCTIONS_PATH}`),
    start_speaker: 'agent' as const,
  };
  const agent = {
    agent_name: 'CareBridge assistant',
    voice_id: options.voiceId ?? DEFAULT_VOICE_ID,
    language: 'multi' as const,
    webhook_url: `${base}${VOICE_WEBHOOK_PATH}`,
    webhook_events: ['call_ended' as const],
  };

  if (options.agentId) {
    const current = await client.agent.retrieve(options.agentId);
    const engine = current.response_engine;
    if (engine.type !== 'retell-llm')
      throw new Error(
        `Agent ${options.agentId} does not use a Retell LLM; leave RETELL_AGENT_ID unset to create one.`,
      );
    await client.llm.update(engine.llm_id, llm);
    await client.agent.update(options.agentId, agent);
    return { agentId: options.agentId, llmId: engine.llm_id, created: false };
  }
  const createdLlm = await client.llm.create(llm);
  const createdAgent = await client.agent.create({
    ...agent,
    response_engine: { type: 'retell-llm', llm_id: createdLlm.llm_id },
  });
  return { agentId: createdAgent.agent_id, llmId: createdLlm.llm_id, created: true };
}
