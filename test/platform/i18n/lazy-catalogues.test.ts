import { expect } from '@open-wc/testing';
import { englishTranslator, loadCatalogue } from '../../../src/platform/i18n/index.js';

const fetched = (file: string) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.endsWith(`/locales/${file}`));

describe('lazy message catalogues', () => {
  it('fetches English with the module and a translation only when it is asked for', async () => {
    expect(englishTranslator().t('widget.window.close')).to.equal('Close');
    expect(fetched('en.json'), 'English is part of the module graph').to.be.true;
    expect(fetched('fr.json'), 'French before it was asked for').to.be.false;
    expect(fetched('ar.json')).to.be.false;
    const fr = await loadCatalogue('fr');
    expect(fr['widget.window.close']).to.equal('Fermer');
    expect(fetched('fr.json'), 'French once asked for').to.be.true;
    expect(fetched('ar.json')).to.be.false;
    expect(await loadCatalogue('fr'), 'loaded once, then reused').to.equal(fr);
  });
});
