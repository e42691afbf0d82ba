/**
 * Entry of the operator console bundle (dist/operator/operator.js), loaded by /operator/index.html.
 * The one place that touches the real browser services: same-origin RPC with the session cookie, the
 * cross-tab bus in localStorage, desktop notifications and the beep.
 */
import { createRoot } from 'react-dom/client';
import { RpcClient } from '../platform/rpc/index.js';
import { Session } from '../platform/session/index.js';
import { loadTranslator, englishTranslator, negotiateLocale, type Translator } from '../platform/i18n/index.js';
import { browserDesktopNotifications, createNotifier } from '../platform/notify/notifier.js';
import { createBeep } from '../platform/notify/beep.js';
import { OperatorApi } from './core/api.js';
import { createConsoleBus } from './core/console-bus.js';
import { ConsoleApp, type ConsoleServices } from './app/app.js';
import { TextProvider } from './core/texts.js';
import { followStoredTheme } from './core/theme.js';
import { features } from './features/index.js';

function browserServices(): ConsoleServices {
  const rpc = new RpcClient({ credentials: 'same-origin' });
  const beep = createBeep(window.location.origin);
  const desktop = browserDesktopNotifications();
  return {
    session: new Session(rpc),
    api: new OperatorApi(rpc),
    createBus: (onPollState) => createConsoleBus(rpc, onPollState),
    notify: (notice, isMaster, showInPage) => createNotifier({ isMaster, showInPage, beep, desktop })(notice),
    desktopPermission: () => (desktop ? desktop.permission : 'unsupported'),
    askDesktopPermission: async () => {
      if (typeof Notification === 'function') await Notification.requestPermission();
    },
  };
}

async function translatorForPage(): Promise<Translator> {
  try {
    return await loadTranslator(negotiateLocale(navigator.languages));
  } catch {
    // A language chunk that fails to load leaves the console in English rather than blank.
    return englishTranslator();
  }
}

async function start(): Promise<void> {
  followStoredTheme();
  const host = document.getElementById('operator-console');
  if (!host) return;
  const translator = await translatorForPage();
  document.documentElement.lang = translator.locale;
  document.documentElement.dir = translator.direction;
  document.title = translator.t('operator.title');
  createRoot(host).render(
    <TextProvider translator={translator}>
      <ConsoleApp services={browserServices()} features={features} />
    </TextProvider>,
  );
}

void start();
