import { ArrowLeftIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { Button } from './button.tsx';

/** Back to where the reader came from; `fallback` when the page was opened directly (no history entry of ours). */
export function BackButton({ fallback = '/', ...props }: { fallback?: string } & Omit<ComponentProps<typeof Button>, 'onClick'>) {
  const navigate = useNavigate();
  return (
    <Button
      variant="ghost"
      {...props}
      onClick={() => void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(fallback))}
    >
      <ArrowLeftIcon aria-hidden />
      Back
    </Button>
  );
}
