/**
 * The two lines under a form: a polite status for what went well (always in the page, so that screen
 * readers announce its change) and an alert for what failed.
 */
export function OutcomeLines({ done, failure }: { done: string; failure: string | undefined }): React.JSX.Element {
  return (
    <>
      <p role="status">{done}</p>
      {failure === undefined ? null : (
        <p role="alert" className="op-error">
          {failure}
        </p>
      )}
    </>
  );
}
