import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Dataset, DatasetAccessError, hasGroup, modelNamed } from './dataset-store.js';
import type { DatasetContext } from './dataset-model-store.js';
import { AnyJson, ERROR_MESSAGES } from '../../core/schemas/params.js';
import { CALL_KW_ROUTE, READ_GROUP_ROUTE, SEARCH_READ_ROUTE } from '../../../protocol/routes.js';

/** Methods `call_kw` accepts; each is checked again against the model (write needs a writable model). */
const METHODS = ['search_read', 'search_count', 'read', 'read_group', 'write', 'has_group'];

// Model, method, domain, fields, order and group-by are checked by the dataset layer (dataset/), against
// the allow-listed models and their fields, with access errors that name what is not available: their
// schemas describe them and leave the checks there.
const Model = AnyJson('An allow-listed model: im_livechat.channel, mail.channel, mail.message, rating.rating or res.users');
const Domain = Type.Optional(AnyJson('A search domain: a list of [field, operator, value] terms and "&", "|", "!"'));
const Fields = Type.Optional(AnyJson('Field names of the model'));
const Page = (description: string) => Type.Optional(AnyJson(description));

const CallKwParams = Type.Object({
  model: Model,
  method: AnyJson(`One of ${METHODS.join(', ')}`),
  args: Type.Optional(Type.Unsafe<unknown[] | null>({ type: ['array', 'null'], description: 'Positional arguments', [ERROR_MESSAGES]: { default: 'args must be a list' } })),
  kwargs: Type.Optional(
    Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], description: 'Keyword arguments (context is ignored)', [ERROR_MESSAGES]: { default: 'kwargs must be an object' } }),
  ),
});

/** Rows of the requested fields: their shape follows the model and the fields asked for. */
const Rows = Type.Array(Type.Object({}, { additionalProperties: true }));

declare module 'fastify' {
  interface FastifyInstance {
    /** The console's dataset queries (PROTOCOL.md §9) on behalf of an operator. */
    dataset(context: DatasetContext): Dataset;
  }
}

/** Decorates `app.dataset`: the dataset layer on the open database. */
export const datasetPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('dataset', (context: DatasetContext) => new Dataset(app.database.db, context));
  },
  { name: 'dataset', dependencies: ['database'] },
);

/**
 * `/web/dataset/call_kw[/model/method]` and `/web/dataset/search_read` for the console: logged-in
 * operators only, allow-listed models, fields and methods, rows limited to the caller's channels.
 */
export async function webDatasetRoutes(app: FastifyInstance): Promise<void> {
  const authorize = (request: FastifyRequest) => app.requireOperator(request);
  const datasetFor = async (request: FastifyRequest) => {
    const operator = await app.requireOperator(request);
    return { operator, dataset: app.dataset({ operator, now: app.clock.now() }) };
  };

  const callKw = {
    summary: 'Calls a model method (PROTOCOL.md §9)',
    params: CallKwParams,
    result: Type.Unknown({ description: 'Rows, a count, groups, true for a write, or a boolean for has_group' }),
    authorize,
  };
  const handleCallKw = async (params: { model: unknown; method: unknown; args?: unknown[] | null; kwargs?: Record<string, unknown> | null }, request: FastifyRequest) => {
    const { operator, dataset } = await datasetFor(request);
    const method = params.method;
    if (typeof method !== 'string' || !METHODS.includes(method)) throw new DatasetAccessError(`Method not available: ${String(method).slice(0, 60)}`);
    const model = modelNamed(params.model).name;
    const args = params.args ?? [];
    const kwargs = params.kwargs ?? {};
    switch (method) {
      case 'has_group':
        if (model !== 'res.users') throw new DatasetAccessError('has_group is a res.users method');
        return hasGroup(operator, args[0] ?? kwargs.group);
      case 'search_read':
        return dataset.searchRead(model, { domain: args[0] ?? kwargs.domain, fields: args[1] ?? kwargs.fields, offset: kwargs.offset, limit: kwargs.limit, order: kwargs.order });
      case 'search_count':
        return dataset.searchCount(model, args[0] ?? kwargs.domain);
      case 'read':
        return dataset.read(model, args[0] ?? kwargs.ids, args[1] ?? kwargs.fields);
      case 'read_group':
        return dataset.readGroup(model, args[0] ?? kwargs.domain, args[2] ?? kwargs.groupby);
      default: {
        const written = await dataset.write(model, args[0], args[1]);
        // A channel's texts or rule changed: visitors' init must not answer from the old row.
        app.availability.forget();
        return written;
      }
    }
  };

  app.rpc(CALL_KW_ROUTE, callKw, handleCallKw);
  app.rpc(`${CALL_KW_ROUTE}/*`, callKw, handleCallKw);

  app.rpc(
    SEARCH_READ_ROUTE,
    {
      summary: 'Searches a model: a page of rows and the total count',
      params: Type.Object({ model: Model, domain: Domain, fields: Fields, offset: Page('Rows to skip'), limit: Page('Most rows to return'), sort: Page('"field asc" or "field desc"') }),
      result: Type.Object({ length: Type.Integer(), records: Rows }),
      authorize,
    },
    async (params, request) => {
      const { dataset } = await datasetFor(request);
      const records = await dataset.searchRead(params.model, { domain: params.domain, fields: params.fields, offset: params.offset, limit: params.limit, order: params.sort });
      const offset = typeof params.offset === 'number' ? params.offset : 0;
      const limit = typeof params.limit === 'number' ? params.limit : undefined;
      // PROTOCOL.md §9: the exact count only when the page is full, else offset + rows.
      const length = limit !== undefined && records.length >= limit ? await dataset.searchCount(params.model, params.domain) : offset + records.length;
      return { length, records };
    },
  );

  app.rpc(
    READ_GROUP_ROUTE,
    {
      summary: 'Counts a model’s rows by group',
      params: Type.Object({ model: Model, domain: Domain, groupby: Page('The field to group by') }),
      result: Type.Array(Type.Object({}, { additionalProperties: true, description: 'A group: its value, its count and its domain' })),
      authorize,
    },
    async (params, request) => {
      const { dataset } = await datasetFor(request);
      return dataset.readGroup(params.model, params.domain, params.groupby);
    },
  );
}
