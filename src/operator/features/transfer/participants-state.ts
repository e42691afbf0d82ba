/** When each conversation's participant list is out of date: the bus says someone came, left or took it. */
import { atom } from 'jotai/vanilla';

/** A counter per conversation id, bumped on each change of its participants; the pane reads the list again. */
export const participantsVersionAtom = atom<Readonly<Record<number, number>>>({});

/** Marks one conversation's participant list as out of date. */
export const bumpParticipantsAtom = atom(null, (get, set, sessionId: number) => {
  const versions = get(participantsVersionAtom);
  set(participantsVersionAtom, { ...versions, [sessionId]: (versions[sessionId] ?? 0) + 1 });
});
