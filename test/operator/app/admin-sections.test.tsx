import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { createStore } from 'jotai/vanilla';
import { act } from 'react';
import { loadTranslator } from '../../../src/platform/i18n/index.js';
import { adminSectionsOf, viewsOf, type AdminSection, type ConsoleFeature, type FeatureContext } from '../../../src/operator/app/registry.js';
import type { OperatorApi } from '../../../src/operator/core/api.js';
import { TextProvider } from '../../../src/operator/core/texts.js';
import { admin } from '../../../src/operator/features/admin/index.js';
import { reactMount, waitUntil } from '../support.js';

const section = (id: string): AdminSection => ({
  id,
  Section: ({ partnerId }: FeatureContext) => (
    <section aria-label={`Section ${id}`}>
      <p>
        {id} for {partnerId}
      </p>
    </section>
  ),
});

describe('sections of the Administration panel contributed by features', () => {
  const dom = reactMount();

  it('are gathered in registration order', () => {
    const features: ConsoleFeature[] = [{ adminSections: [section('a')] }, {}, { adminSections: [section('b'), section('c')] }];
    expect(adminSectionsOf(features).map((s) => s.id)).to.deep.equal(['a', 'b', 'c']);
  });

  it('are drawn by the Administration panel after its own, with the feature context', async () => {
    const api = { operators: async () => [], channels: async () => [], identitySecrets: async () => [] } as unknown as OperatorApi;
    const context: FeatureContext = { api, store: createStore(), partnerId: 7, adminSections: [section('one'), section('two')] };
    const [view] = viewsOf([admin], true);
    if (!view) throw new Error('the admin view is registered');
    const translator = await loadTranslator('en');
    await act(async () => dom.root.render(<TextProvider translator={translator}>{<view.Panel {...context} />}</TextProvider>));
    await waitUntil(() => within(dom.host).queryByRole('heading', { name: 'Channel settings' }));
    const regions = within(dom.host).getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(regions.filter((r) => r?.startsWith('Section'))).to.deep.equal(['Section one', 'Section two']);
    expect(within(dom.host).getByText('one for 7')).to.exist;
  });
});
