import type { ConsoleFeature } from '../../app/registry.js';
import { DESK_VIEW_ID } from '../../desk/commands.js';
import { ConversationTagsSection, TAG_COMMAND } from './conversation-tags.js';
import { TagRowMarks } from './tag-list-marks.js';
import { TagFilter } from './tag-filter.js';
import { TagsAdminSection } from './tags-admin.js';
import { onTagsEvent } from './tags-atoms.js';

/** Conversation tags: a pane section to tag, chips in the list, a filter above it, and Administration → Tags. */
export const tags: ConsoleFeature = {
  pane: { details: [ConversationTagsSection] },
  list: { controls: [TagFilter], rowMarks: [TagRowMarks] },
  adminSections: [{ id: 'tags', Section: TagsAdminSection }],
  busHandlers: [onTagsEvent],
  commands: [{ id: TAG_COMMAND, label: 'operator.tags.command', key: { key: 't' }, view: DESK_VIEW_ID }],
};
