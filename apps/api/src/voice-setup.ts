// `npm run voice:setup`: creates (or, with RETELL_AGENT_ID, updates) the Retell LLM and agent
// from the definition in modules/voice/voice-agent.definition.ts, and prints the agent id.
import { z } from 'zod';
import { setUpVoiceAgent } from './modules/voice/voice-setup.ts';

const ZSetupEnv = z.object({
  RETELL_API_KEY: z
    .string({ error: 'RETELL_API_KEY is required' })
    .min(1, 'RETELL_API_KEY is required'),
  PUBLIC_URL: z.url({
    protocol: /^https?$/,
    error:
      'PUBLIC_URL must be the address Retell reaches the portal at, e.g. https://portal.example.com',
  }),
  RETELL_AGENT_ID: z.string().min(1).optional(),
  RETELL_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  RETELL_VOICE_ID: z.string().min(1).optional(),
});

const parsed = ZSetupEnv.safeParse(process.env);
if (!parsed.success) {
  console.error(`voice:setup: ${parsed.error.issues[0]!.message}`);
  process.exit(1);
}
const env = parsed.data;
try {
  const result = await setUpVoiceAgent({
    apiKey: env.RETELL_API_KEY,
    publicUrl: env.PUBLIC_URL,
    agentId: env.RETELL_AGENT_ID,
    baseUrl: env.RETELL_BASE_URL,
    voiceId: env.RETELL_VOICE_ID,
  });
  console.log(
    `${result.created ? 'Created' : 'Updated'} the Retell LLM ${result.llmId} and agent ${result.agentId}.`,
  );
  console.log(`RETELL_AGENT_ID=${result.agentId}`);
} catch (error) {
  // The status only: an upstream error body may echo the request.
  const status = (error as { status?: unknown }).status;
  console.error(
    `voice:setup: Retell refused or could not be reached${status ? ` (HTTP ${String(status)})` : ''}.`,
  );
  process.exit(1);
}
