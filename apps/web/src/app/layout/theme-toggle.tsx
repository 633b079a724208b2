import { MoonIcon, SunIcon } from 'lucide-react';
import { lazy } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useTheme } from '@/lib/theme.tsx';
import { OnFirstUse } from './on-first-use.tsx';

const loadThemeMenu = () => import('./theme-menu.tsx');
const ThemeMenu = lazy(async () => ({ default: (await loadThemeMenu()).ThemeMenu }));

/** The theme button; its menu (light, dark, system) loads on first use. */
export function ThemeToggle() {
  const { theme, resolvedTheme } = useTheme();
  const Current = resolvedTheme === 'dark' ? MoonIcon : SunIcon;
  const button = (onClick?: () => void) => (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Theme: ${theme}`}
      title="Change theme"
      onClick={onClick}
      onPointerEnter={onClick ? () => void loadThemeMenu() : undefined}
    >
      <Current className="size-5" aria-hidden />
    </Button>
  );
  return (
    <OnFirstUse placeholder={button}>
      <ThemeMenu trigger={button()} />
    </OnFirstUse>
  );
}
