import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

const cwd = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases: Array<[string, string, boolean]> = [
  ['src/platform/x.ts', "import '../protocol/rpc.js';", true],
  ['src/platform/x.ts', "import '../state/x.js';", false],
  ['src/protocol/x.ts', "import '../platform/x.js';", false],
  ['src/state/x.ts', "import 'react';", false],
  ['src/state/x.ts', "import '../platform/x.js';", true],
  ['src/ui/button/x.tsx', "import '../../element/x.js';", false],
  ['src/ui/button/x.tsx', "import '../../state/x.js';", true],
  ['src/element/x.ts', "import '../ui/button/x.js';", true],
  ['src/operator/x.tsx', "import '../ui/shared/x.js';", true],
  ['src/operator/x.tsx', "import '../ui/thread/x.js';", false],
  ['src/operator/x.tsx', "import '../element/x.js';", false],
  ['src/operator/features/admin/x.tsx', "import '../statistics/index.js';", false],
  ['src/operator/features/admin/x.tsx', "import '../../features/profile/profile-button.js';", false],
  ['src/operator/features/admin/x.tsx', "import '../index.js';", false],
  ['src/operator/features/admin/x.tsx', "import './channel-settings-form.js';", true],
  ['src/operator/features/admin/x.tsx', "import '../../core/api.js';", true],
  ['src/operator/features/admin/x.tsx', "import '../../desk/desk-atoms.js';", true],
  ['src/operator/features/admin/x.tsx', "import '../../app/registry.js';", true],
  ['src/operator/features/admin/x.tsx', "import '../../../ui/thread/x.js';", false],
  ['src/operator/core/x.ts', "import '../desk/desk-atoms.js';", false],
  ['src/operator/core/x.ts', "import '../features/visitor/index.js';", false],
  ['src/operator/core/x.ts', "import '../app/registry.js';", false],
  ['src/operator/core/x.ts', "import '../../platform/rpc/index.js';", true],
  ['src/operator/desk/x.ts', "import '../features/visitor/index.js';", false],
  ['src/operator/desk/x.ts', "import '../app/registry.js';", false],
  ['src/operator/desk/x.ts', "import '../core/api.js';", true],
  ['src/operator/desk/x.ts', "import '../../element/x.js';", false],
  ['src/server/x.ts', "import '../protocol/rpc.js';", true],
  ['src/server/x.ts', "import '../platform/rpc.js';", false],
  // Inside the server: core ← domain ← features; a domain folder's index.ts is its only door for outsiders.
  ['src/server/core/http/x.ts', "import '../../domain/conversations/index.js';", false],
  ['src/server/core/http/x.ts', "import '../../features/alerts/alerts-plugin.js';", false],
  ['src/server/core/http/x.ts', "import '../db/tables.js';", true],
  ['src/server/core/http/x.ts', "import '../../../protocol/livechat.js';", true],
  ['src/server/core/http/x.ts', "import '../../../platform/rpc.js';", false],
  ['src/server/domain/conversations/x.ts', "import '../../features/transcript/transcript-mail.js';", false],
  ['src/server/domain/conversations/x.ts', "import '../store/store.js';", true],
  ['src/server/domain/conversations/x.ts', "import '../../core/db/tables.js';", true],
  ['src/server/domain/conversations/x.ts', "import '../../../ui/shared/x.js';", false],
  ['src/server/features/transcript/x.ts', "import '../alerts/alert-mails.js';", false],
  ['src/server/features/transcript/x.ts', "import '../../features/alerts/alert-mails.js';", false],
  ['src/server/features/transcript/x.ts', "import './transcript-mail.js';", true],
  ['src/server/features/transcript/x.ts', "import '../transcript/transcript-mail.js';", true],
  ['src/server/features/transcript/x.ts', "import '../../core/mail/mailer.js';", true],
  ['src/server/features/transcript/x.ts', "import '../../../protocol/livechat.js';", true],
  ['src/server/features/transcript/x.ts', "import '../../domain/conversations/index.js';", true],
  ['src/server/features/transcript/x.ts', "import '../../domain/conversations/format.js';", false],
  ['src/server/features/transcript/x.ts', "import type { Store } from '../../domain/store/store.js';", false],
  ['src/server/features/transcript/x.ts', "import('../../domain/store/kysely-store.js');", true],
  ['src/server/app.ts', "import './domain/operators/index.js';", true],
  ['src/server/app.ts', "import './domain/operators/operator-routes.js';", false],
  ['src/server/app.ts', "import './features/alerts/alerts-plugin.js';", false],
  ['src/server/app.ts', "import './features/alerts/index.js';", true],
  ['src/server/main.ts', "import './features/retention/retention-plugin.js';", false],
  // Only core/db and *-store.ts files import Kysely.
  ['src/server/core/db/database.ts', "import { Kysely } from 'kysely';", true],
  ['src/server/core/db/migrations/0001-x.ts', "import type { Kysely } from 'kysely';", true],
  ['src/server/core/bus/x-store.ts', "import type { Kysely } from 'kysely';", true],
  ['src/server/core/bus/x-store.ts', "import '../../domain/store/index.js';", false],
  ['src/server/core/bus/x.ts', "import type { Kysely } from 'kysely';", false],
  ['src/server/domain/visitors/visitor-store.ts', "import { sql } from 'kysely';", true],
  ['src/server/domain/visitors/visitor-store.ts', "import '../../features/alerts/alert-store.js';", false],
  ['src/server/domain/visitors/visitor-queries.ts', "import { sql } from 'kysely';", false],
  ['src/server/features/retention/retention-store.ts', "import { sql } from 'kysely';", true],
  ['src/server/features/retention/retention-store.ts', "import '../dataset/tallies.js';", false],
  ['src/server/features/retention/retention-plugin.ts', "import { sql } from 'kysely';", false],
  ['src/server/app.ts', "import { sql } from 'kysely';", false],
];

for (const [file, code, allowed] of cases) {
  test(`${file}: ${code} is ${allowed ? 'allowed' : 'refused'} by the import-direction rule`, async () => {
    const messages = await restrictedImports(file, code);
    assert.equal(messages.length === 0, allowed, messages.join('\n'));
  });
}
