import { tagBackground, tagTextColor, type ConversationTagInfo } from '../../../protocol/console/tags.js';

/** A tag as a coloured chip whose text keeps its contrast whatever the colour; `children` follow the name (a remove button). */
export function TagChip({ tag, children }: { tag: ConversationTagInfo; children?: React.ReactNode }): React.JSX.Element {
  // Set through the DOM's style object, which the console's CSP (style-src 'self') allows.
  return (
    <span className="op-tag" style={{ background: tagBackground(tag.color), color: tagTextColor(tag.color) }}>
      <span dir="auto">{tag.name}</span>
      {children}
    </span>
  );
}
