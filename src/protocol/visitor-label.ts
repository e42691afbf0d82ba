/**
 * How the console names a conversation's visitor, the one rule the server applies to the list, the
 * visitor card and the new-conversation announcement. A visitor who gave a name (pre-chat form, the host
 * page, a visitor token) keeps it; an anonymous one is the widget's default name followed by a number
 * drawn from the session, so seven anonymous chats never read "Visitor" seven times.
 */

/** Numbers run from 1000 to 9999: four digits, easy to say and to find again. */
const NUMBER_BASE = 1000;
const NUMBER_SPAN = 9000;
/** Coprime with {@link NUMBER_SPAN}, so the mapping is a permutation: any 9000 consecutive sessions get distinct numbers. */
const NUMBER_STEP = 7919;

/** The four-digit number of an anonymous visitor's session: the same on every console and every reload. */
export function anonymousVisitorNumber(sessionId: number): number {
  return NUMBER_BASE + (((sessionId % NUMBER_SPAN) * NUMBER_STEP) % NUMBER_SPAN);
}

/** What the label is made of: the session, the name it carries, and whether the visitor gave that name. */
export interface VisitorLabelSource {
  id: number;
  anonymous_name: string;
  /** 1 when the name is the visitor's own (given or verified), 0 when it is the widget's default. */
  name_given: number;
}

/** The visitor's label: their own name, or the default name with the session's number ("Visitor 4821"). */
export function visitorLabel(session: VisitorLabelSource): string {
  return session.name_given === 1 ? session.anonymous_name : `${session.anonymous_name} ${anonymousVisitorNumber(session.id)}`;
}
