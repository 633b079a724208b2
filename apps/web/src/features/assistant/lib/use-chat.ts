import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@wattwise/shared/contract/assistant';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '@/lib/api-client.ts';
import { assistantKeys, streamChat, useConversation } from '../api/chat.ts';

export type ChatState = ReturnType<typeof useChat>;

/**
 * One conversation with the assistant (02-tools §4 'Chat'): a message is sent, 'Thinking...'
 * shows until the first words stream in, the reply is appended; nothing else is sent while a
 * reply is pending. Signed-in users start from their stored conversation.
 */
export function useChat(options: { isAuthenticated: boolean; onError: (message: string) => void }) {
  const conversation = useConversation(options.isAuthenticated);
  const client = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const loaded = useRef(false);
  const { onError, isAuthenticated } = options;

  useEffect(() => {
    if (!loaded.current && conversation.data) {
      loaded.current = true;
      setMessages(conversation.data);
    }
  }, [conversation.data]);

  const send = useCallback(
    async (raw: string) => {
      const content = raw.trim();
      if (!content || pending) return false;
      const question: ChatMessage = {
        id: `local-${Date.now()}`,
        role: 'user',
        content,
        timestamp: new Date().toISOString(),
        citations: [],
        engine: null,
        flagged: false,
        unverifiedNumbers: [],
        signInPrompt: false,
      };
      const history = [...messages, question];
      setMessages(history);
      setPending(true);
      setStreaming('');
      try {
        const reply = await streamChat(
          history.slice(-12).map((m) => ({ role: m.role, content: m.content })),
          (text) => setStreaming(text),
        );
        setMessages((current) => [...current, reply]);
        if (isAuthenticated) void client.invalidateQueries({ queryKey: assistantKeys.conversation() });
      } catch (error) {
        onError(error instanceof Error ? error.message : String(error));
      } finally {
        setStreaming(null);
        setPending(false);
      }
      return true;
    },
    [messages, pending, client, isAuthenticated, onError],
  );

  /** Starts over: the stored conversation is deleted for a signed-in user. */
  const clear = useCallback(async () => {
    if (pending) return;
    try {
      if (isAuthenticated) await apiRequest<null>('/api/assistant/conversation', { method: 'DELETE' });
      setMessages([]);
      client.setQueryData(assistantKeys.conversation(), []);
    } catch (error) {
      onError(error instanceof Error ? error.message : String(error));
    }
  }, [pending, isAuthenticated, client, onError]);

  return { messages, streaming, pending, send, clear, isLoading: options.isAuthenticated && conversation.isPending };
}
