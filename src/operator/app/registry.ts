/**
 * What a feature of the console may contribute. The shell and the desk draw whatever the registered
 * features hold, so adding or removing a feature is one line in features/index.ts.
 */
import type { ComponentType } from 'react';
import type { MessageKey, MessageValues } from '../../platform/i18n/index.js';
import type { UserNotice } from '../../platform/notify/notifier.js';
import type { OperatorApi } from '../core/api.js';
import type { ConsoleBusEvent } from '../core/console-bus.js';
import type { DeskStore } from '../desk/desk-atoms.js';
import type { PaneSlots } from '../desk/pane-slots.js';
import type { ListSlots } from '../desk/list-slots.js';
import type { ConsoleCommand } from '../desk/commands.js';
import { DESK_COMMANDS } from '../desk/desk-commands.js';

/** What every view and dialog of a feature is given. */
export interface FeatureContext {
  api: OperatorApi;
  /** The desk's state, shared with the conversations and the bus handlers. */
  store: DeskStore;
  /** The logged-in operator's partner id. */
  partnerId: number;
  /** The features' sections of the Administration panel, in registration order. */
  adminSections: readonly AdminSection[];
}

/** A section a feature adds to the Administration panel (administrators only, like the panel). */
export interface AdminSection {
  id: string;
  Section: ComponentType<FeatureContext>;
}

/** A section of the console: a button in the header's navigation and the panel it shows. */
export interface ConsoleView {
  id: string;
  label: MessageKey;
  /** Offered to administrators only (the server checks again on every admin call). */
  adminOnly?: boolean;
  /** Offered to the supervisors of a channel and to administrators (the server checks again on every call). */
  supervisorOnly?: boolean;
  Panel: ComponentType<FeatureContext>;
}

/** Props of a {@link ConsoleDialog}'s control in the header. */
export interface DialogTriggerProps {
  operatorName: string;
  onOpen(): void;
}

/** Props of an open {@link ConsoleDialog}. */
export interface DialogProps extends FeatureContext {
  /** The operator's own name changed: the header shows the new one. */
  onNameChanged(name: string): void;
  onClose(): void;
}

/** A dialog opened from a control among the operator's own ones in the header. */
export interface ConsoleDialog {
  id: string;
  Trigger: ComponentType<DialogTriggerProps>;
  Dialog: ComponentType<DialogProps>;
}

/** What a bus handler may do besides changing the desk's state. */
export interface BusTools {
  /** Tells the operator (desktop notification from the master tab, else an in-page notice). */
  showNotice(notice: UserNotice): void;
  t(key: MessageKey, values?: MessageValues): string;
  /** Reads the conversation list again (a conversation came or went). */
  reloadList?(): void;
}

/** Called with every decoded bus notification, after the desk has applied it. */
export type BusHandler = (event: ConsoleBusEvent, store: DeskStore, tools: BusTools) => void;

/** One feature's contributions. */
export interface ConsoleFeature {
  views?: ConsoleView[];
  dialogs?: ConsoleDialog[];
  /** Sections and actions of the open conversation. */
  pane?: Partial<PaneSlots>;
  /** Controls above the conversation list and marks in its rows. */
  list?: Partial<ListSlots>;
  busHandlers?: BusHandler[];
  /** Sections of the Administration panel. */
  adminSections?: AdminSection[];
  /** What the keyboard can do: listed under `?` and run by their keys (desk/commands.ts). */
  commands?: ConsoleCommand[];
}

/** The features' views the operator may open, in registration order. */
export function viewsOf(features: readonly ConsoleFeature[], isAdmin: boolean, isSupervisor = false): ConsoleView[] {
  return features.flatMap((f) => f.views ?? []).filter((v) => isAdmin || (!v.adminOnly && (!v.supervisorOnly || isSupervisor)));
}

/** The features' contributions to the conversation pane, in registration order. */
export function paneSlotsOf(features: readonly ConsoleFeature[]): PaneSlots {
  return {
    details: features.flatMap((f) => f.pane?.details ?? []),
    composerReplacements: features.flatMap((f) => f.pane?.composerReplacements ?? []),
    composerActions: features.flatMap((f) => f.pane?.composerActions ?? []),
    composerModes: features.flatMap((f) => f.pane?.composerModes ?? []),
    replyLocked: features.flatMap((f) => f.pane?.replyLocked ?? []),
    timeline: features.flatMap((f) => f.pane?.timeline ?? []),
  };
}

/** The features' contributions to the conversation list, in registration order. */
export function listSlotsOf(features: readonly ConsoleFeature[]): ListSlots {
  return { controls: features.flatMap((f) => f.list?.controls ?? []), rowMarks: features.flatMap((f) => f.list?.rowMarks ?? []) };
}

/** The features' sections of the Administration panel, in registration order. */
export function adminSectionsOf(features: readonly ConsoleFeature[]): AdminSection[] {
  return features.flatMap((f) => f.adminSections ?? []);
}

/** The desk's commands and the features', in registration order: each id and key once. */
export function commandsOf(features: readonly ConsoleFeature[]): ConsoleCommand[] {
  return [...DESK_COMMANDS, ...features.flatMap((f) => f.commands ?? [])];
}
