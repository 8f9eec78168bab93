import { useInstallPrompt } from '../../hooks/use-install-prompt.ts';
import { Button } from '../../ui/button/button.tsx';

/** "Install app", shown only while the browser offers installation (Chromium's beforeinstallprompt). */
export function InstallButton() {
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Button variant="outline" size="sm" onPress={() => void install()}>
      Install app
    </Button>
  );
}
