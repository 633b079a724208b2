import { useQuery } from '@tanstack/react-query';
import { CHAT_MESSAGES, type ChatMessage, type ChatRequest } from '@wattwise/shared/contract/assistant';
import { ApiError, apiRequest, parseErrorBody } from '@/lib/api-client.ts';

export const assistantKeys = {
  all: ['assistant'] as const,
  conversation: () => [...assistantKeys.all, 'conversation'] as const,
};

/** The signed-in user's stored conversation (none for visitors). */
export function useConversation(enabled: boolean) {
  return useQuery({
    queryKey: assistantKeys.conversation(),
    queryFn: async () => (await apiRequest<{ messages: ChatMessage[] }>('/api/assistant/conversation')).messages,
    enabled,
    staleTime: Infinity,
  });
}

/** 01-core §8: what the user reads when the request itself fails. */
export function chatFailureMessage(error: unknown): string {
  if (error instanceof DOMException && error.name === 'AbortError') return CHAT_MESSAGES.cancelled;
  if (error instanceof ApiError) {
    if (error.isNetworkError) return CHAT_MESSAGES.network;
    if (error.status === 429) return CHAT_MESSAGES.tooManyRequests;
    return error.message;
  }
  if (error instanceof TypeError) return CHAT_MESSAGES.network;
  return error instanceof Error ? `Failed to get AI response: ${error.message}` : CHAT_MESSAGES.sendFailed;
}

/**
 * Sends the conversation and reads the streamed reply (Server-Sent Events): `onDelta` gets the
 * text so far; resolves with the stored reply, rejects with an Error whose message is the
 * spec's wording.
 */
export async function streamChat(messages: ChatRequest['messages'], onDelta: (textSoFar: string) => void, signal?: AbortSignal): Promise<ChatMessage> {
  let response: Response;
  try {
    response = await fetch('/api/assistant/chat', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ messages }),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    throw new Error(chatFailureMessage(cause instanceof DOMException ? cause : new ApiError(0, 'NETWORK_ERROR', 'Network error')));
  }
  if (!response.ok || !response.body) {
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: the status decides
    }
    const parsed = parseErrorBody(response.status, data, response.statusText);
    throw new Error(chatFailureMessage(new ApiError(response.status, parsed.code, parsed.message)));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (!event || !data) continue;
      const parsed = JSON.parse(data) as { text?: string; message?: ChatMessage | string };
      if (event === 'delta') {
        text += parsed.text ?? '';
        onDelta(text);
      } else if (event === 'reset') {
        text = '';
        onDelta(text);
      } else if (event === 'done' && typeof parsed.message === 'object') return parsed.message;
      else if (event === 'error') throw new Error(typeof parsed.message === 'string' ? parsed.message : CHAT_MESSAGES.sendFailed);
    }
  }
  throw new Error(CHAT_MESSAGES.sendFailed);
}
