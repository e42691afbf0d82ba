import { useId, type ReactNode } from 'react';
import { ErrorLine } from './outcome-lines.js';
import { useT } from './texts.js';

/** Props of {@link StatusSection}. */
export interface StatusSectionProps {
  heading: string;
  /** The heading's level: 2 for a panel, 3 for a section inside one. */
  level: 2 | 3;
  className?: string;
  /** A line under the heading saying what the section is for. */
  hint?: string;
  /** While true the status line reads "Loading..."; afterwards it reads `status`. */
  loading: boolean;
  /** What the last change did, announced politely. */
  status: string;
  /** What failed, as an alert. */
  error: string | null;
  children?: ReactNode;
}

/**
 * A settings section named by its heading, with the status line (always in the page, so screen readers
 * announce its change) and the failure line every such section shows above its content.
 */
export function StatusSection({ heading, level, className, hint, loading, status, error, children }: StatusSectionProps): React.JSX.Element {
  const t = useT();
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={className} aria-labelledby={headingId}>
      <Heading id={headingId}>{heading}</Heading>
      {hint ? <p className="op-hint">{hint}</p> : null}
      <p role="status">{loading ? t('operator.common.loading') : status}</p>
      <ErrorLine text={error} />
      {children}
    </section>
  );
}
