/** The part of an audio element the beep needs. */
export interface BeepAudio {
  canPlayType(type: string): string;
  play(): Promise<void> | void;
  src: string;
}

/**
 * URL of the beep (SPEC.md §7 "A beep audio file (ogg or mp3) from a static location"): Ogg Vorbis when
 * the browser can play it, MP3 otherwise (Safari has no Vorbis).
 */
export function beepUrl(serverUrl: string, audio: Pick<BeepAudio, 'canPlayType'>): string {
  const base = serverUrl.replace(/\/+$/, '');
  const ogg = audio.canPlayType('audio/ogg; codecs="vorbis"') !== '';
  return `${base}/livechat/static/beep.${ogg ? 'ogg' : 'mp3'}`;
}

/**
 * Makes a function that plays the beep. The audio element is created on first use. Browsers refuse
 * to play sound before the user interacted with the page; that refusal is expected and ignored.
 * @param createAudio makes the audio element (`() => new Audio()` by default)
 */
export function createBeep(serverUrl: string, createAudio: () => BeepAudio = () => new Audio()): () => void {
  let audio: BeepAudio | undefined;
  return () => {
    try {
      if (!audio) {
        audio = createAudio();
        audio.src = beepUrl(serverUrl, audio);
      }
      const played = audio.play();
      if (played && typeof played.catch === 'function') played.catch(() => undefined);
    } catch (err) {
      console.warn('live-chat: could not play the notification sound', err);
    }
  };
}
