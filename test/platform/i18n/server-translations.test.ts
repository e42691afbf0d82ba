import { expect } from '@open-wc/testing';
import { RpcClient } from '../../../src/platform/rpc/index.js';
import { HttpStatusError, RpcNetworkError } from '../../../src/platform/errors.js';
import {
  loadLocaleFile,
  loadServerTranslations,
  loadTranslator,
  mergeServerTranslations,
  readServerTranslations,
} from '../../../src/platform/i18n/index.js';
import { LOCALE_PATH, TRANSLATIONS_PATH } from '../../../src/protocol/routes.js';

// The translations and locale routes are served by the test server's stand-in for the web routes
// (test/support/routes/20-platform-core.mjs); each test has its own run id and request log.
function freshServer() {
  const base = `/__test__/odoo/${crypto.randomUUID()}`;
  return {
    client: new RpcClient({ baseUrl: base }),
    log: async () => (await (await fetch(`${base}/__log`)).json()) as Array<{ route: string; query?: Record<string, string> }>,
  };
}

describe('server translations', () => {
  it('GETs /web/webclient/translations/{hash} with mods and lang', async () => {
    const { client, log } = freshServer();
    const server = await loadServerTranslations(client, { hash: 'tr-hash-1', mods: ['im_livechat', 'web'], lang: 'fr_FR' });
    expect(await log()).to.deep.equal([
      { method: 'GET', route: `${TRANSLATIONS_PATH}/tr-hash-1`, query: { mods: 'im_livechat,web', lang: 'fr_FR' } },
    ]);
    expect(server.lang).to.equal('fr_FR');
    expect(server.multi_lang).to.equal(true);
    expect(server.strings.get('Conversation Sent')).to.equal('Conversation envoyée (serveur)');
  });

  it('merges server translations over the bundled ones, matched by English text', async () => {
    const { client } = freshServer();
    const fr = await loadTranslator('fr');
    const bundled = fr.t('widget.transcript.sent');
    const merged = mergeServerTranslations(fr, await loadServerTranslations(client, { hash: 'h', mods: ['im_livechat'], lang: 'fr_FR' }));
    expect(merged.t('widget.transcript.sent')).to.equal('Conversation envoyée (serveur)');
    expect(merged.t('widget.window.close')).to.equal('Fermer');
    expect(merged.locale).to.equal('fr');
    expect(fr.t('widget.transcript.sent'), 'the original translator is unchanged').to.equal(bundled);
  });

  it('takes the server’s locale parameters when it sends them, and keeps the defaults when it does not', async () => {
    const { client } = freshServer();
    const fr = await loadTranslator('fr');
    const withParams = mergeServerTranslations(fr, await loadServerTranslations(client, { hash: 'h', mods: [], lang: 'fr_FR' }));
    expect(withParams.lang_parameters.date_format).to.equal('%d/%m/%Y');
    expect(withParams.lang_parameters.decimal_point).to.equal(',');
    expect(withParams.lang_parameters.week_start).to.equal(1);
    const none = mergeServerTranslations(fr, await loadServerTranslations(client, { hash: 'h', mods: [], lang: 'xx_XX' }));
    expect(none.lang_parameters).to.deep.equal(fr.lang_parameters);
    expect(none.t('widget.transcript.sent')).to.equal(fr.t('widget.transcript.sent'));
  });

  it('ignores malformed entries and server strings that are not valid ICU', async () => {
    const read = readServerTranslations({
      modules: {
        a: { messages: [{ id: 'Conversation Sent', string: 'Envoyé {' }, { id: 'Invalid email address', string: 'Adresse invalide' }, { id: 5 }] },
        b: 'nonsense',
      },
      lang_parameters: { date_format: 42, thousands_sep: '.' },
    });
    expect([...read.strings.keys()]).to.deep.equal(['Conversation Sent', 'Invalid email address']);
    const merged = mergeServerTranslations(await loadTranslator('fr'), read);
    expect(merged.t('widget.transcript.invalid')).to.equal('Adresse invalide');
    expect(merged.t('widget.transcript.sent')).to.equal((await loadTranslator('fr')).t('widget.transcript.sent'));
    expect(merged.lang_parameters.date_format).to.equal('%m/%d/%Y');
    expect(merged.lang_parameters.thousands_sep).to.equal('.');
    expect(readServerTranslations(null).strings.size).to.equal(0);
  });

  it('rejects with a typed error when the server cannot be reached', async () => {
    const unreachable = new RpcClient({ baseUrl: 'http://127.0.0.1:9' });
    const err = await loadServerTranslations(unreachable, { hash: 'h', mods: [], lang: 'fr_FR' }).catch((e: RpcNetworkError) => {
      e.preventDefault();
      return e;
    });
    expect(err).to.be.instanceOf(RpcNetworkError);
    expect((err as RpcNetworkError).code).to.equal(-32098);
  });
});

describe('locale file', () => {
  it('GETs /web/webclient/locale/{lang} as text', async () => {
    const { client, log } = freshServer();
    expect(await loadLocaleFile(client, 'fr_FR')).to.equal('// locale file for fr\n');
    expect(await loadLocaleFile(client, 'de_DE')).to.equal('');
    expect((await log()).map((l) => l.route)).to.deep.equal([`${LOCALE_PATH}/fr_FR`, `${LOCALE_PATH}/de_DE`]);
  });

  it('rejects a non-2xx answer with an HTTP status error', async () => {
    const client = new RpcClient({ baseUrl: '/__test__/odoo/unavailable-run/unavailable' });
    const err = await loadLocaleFile(client, '../../x').catch((e: HttpStatusError) => {
      e.preventDefault();
      return e;
    });
    expect(err).to.be.instanceOf(HttpStatusError);
    expect((err as HttpStatusError).code).to.equal(503);
  });
});
