/**
 * The mute toggle's bell, drawn rather than written: emoji bells are missing from many Linux systems'
 * fonts, where they showed as an empty box. Muted: an outlined bell, struck through.
 */
const BELL = 'M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6v-5a6 6 0 0 0-5-5.9V4a1 1 0 0 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1z';

export function SoundIcon({ muted }: { muted: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor" stroke="currentColor" strokeWidth="2">
      <path d={BELL} fill={muted ? 'none' : undefined} strokeWidth={muted ? 1.5 : 0} />
      {muted ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}
