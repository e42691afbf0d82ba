/** The console's features, in the order their views and sections appear. */
import type { ConsoleFeature } from '../app/registry.js';
import { admin } from './admin/index.js';
import { alerts } from './alerts/index.js';
import { attachments } from './attachments/index.js';
import { businessHours } from './business-hours/index.js';
import { cannedReplies } from './canned-replies/index.js';
import { notes } from './notes/index.js';
import { offlineReply } from './offline-reply/index.js';
import { profile } from './profile/index.js';
import { queue } from './queue/index.js';
import { reports } from './reports/index.js';
import { routing } from './routing/index.js';
import { search } from './search/index.js';
import { statistics } from './statistics/index.js';
import { tags } from './tags/index.js';
import { statuses } from './statuses/index.js';
import { supervision } from './supervision/index.js';
import { transfer } from './transfer/index.js';
import { visitor } from './visitor/index.js';

/** Every feature of the console. */
export const features: readonly ConsoleFeature[] = [search, statistics, reports, supervision, alerts, admin, profile, statuses, queue, visitor, tags, offlineReply, attachments, transfer, cannedReplies, notes, businessHours, routing];
