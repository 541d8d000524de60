import type { Config } from '../../config.ts';
import { createRetellVoiceProvider } from './retell.ts';
import type { VoiceProvider } from './voice.ts';

/** Retell when both RETELL_API_KEY and RETELL_AGENT_ID are set; otherwise none (voice off). */
export function createVoiceProvider(config: Config): VoiceProvider | null {
  if (!config.RETELL_API_KEY || !config.RETELL_AGENT_ID) return null;
  return createRetellVoiceProvider({
    apiKey: config.RETELL_API_KEY,
    agentId: config.RETELL_AGENT_ID,
    baseUrl: config.RETELL_BASE_URL,
  });
}
