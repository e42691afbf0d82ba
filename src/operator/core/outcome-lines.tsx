/** What failed, as an alert; nothing when nothing did. */
export function ErrorLine({ text }: { text: string | null | undefined }): React.JSX.Element | null {
  return text ? (
    <p role="alert" className="op-error">
      {text}
    </p>
  ) : null;
}

/**
 * The two lines under a form: a polite status for what went well (always in the page, so that screen
 * readers announce its change) and an alert for what failed.
 */
export function OutcomeLines({ done, failure }: { done: string; failure: string | undefined }): React.JSX.Element {
  return (
    <>
      <p role="status">{done}</p>
      <ErrorLine text={failure} />
    </>
  );
}
