import type { AdminSection, FeatureContext } from '../../app/registry.js';
import { useT } from '../../core/texts.js';

/** Other features' sections of Administration, each under its own heading, after the panel's own. */
export function AdminSections({ context }: { context: FeatureContext }): React.JSX.Element {
  const t = useT();
  const sections: readonly AdminSection[] = context.adminSections ?? [];
  return (
    <>
      {sections.map(({ id, label, Section }) => (
        <section key={id} className="op-admin" aria-labelledby={`op-admin-section-${id}`}>
          <h3 id={`op-admin-section-${id}`}>{t(label)}</h3>
          <Section {...context} />
        </section>
      ))}
    </>
  );
}
