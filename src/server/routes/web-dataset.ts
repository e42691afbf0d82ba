import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RpcParams } from '../plugins/jsonrpc.js';
import { DatasetAccessError, hasGroup, modelNamed } from '../store/dataset/service.js';
import { InvalidParamError } from '../livechat/params.js';

/** Methods `call_kw` accepts; each is checked again against the model (write needs a writable model). */
const METHODS = new Set(['search_read', 'search_count', 'read', 'read_group', 'write', 'has_group']);

function kwargsOf(params: RpcParams): Record<string, unknown> {
  const k = params.kwargs ?? {};
  if (typeof k !== 'object' || k === null || Array.isArray(k)) throw new InvalidParamError('kwargs must be an object');
  return k as Record<string, unknown>;
}

function argsOf(params: RpcParams): unknown[] {
  const a = params.args ?? [];
  if (!Array.isArray(a)) throw new InvalidParamError('args must be a list');
  return a;
}

/**
 * `/web/dataset/call_kw[/model/method]` and `/web/dataset/search_read` for the console: logged-in
 * operators only, allow-listed models, fields and methods, rows limited to the caller's channels.
 */
export async function webDatasetRoutes(app: FastifyInstance): Promise<void> {
  const datasetFor = async (request: FastifyRequest) => {
    const operator = await app.requireOperator(request);
    return { operator, dataset: app.store.dataset({ operator, now: app.clock.now() }) };
  };

  const callKw = async (params: RpcParams, request: FastifyRequest) => {
    const { operator, dataset } = await datasetFor(request);
    const method = params.method;
    if (typeof method !== 'string' || !METHODS.has(method)) throw new DatasetAccessError(`Method not available: ${String(method).slice(0, 60)}`);
    const model = modelNamed(params.model).name;
    const args = argsOf(params);
    const kwargs = kwargsOf(params);
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

  app.rpc('/web/dataset/call_kw', callKw);
  app.rpc('/web/dataset/call_kw/*', callKw);

  app.rpc('/web/dataset/search_read', async (params, request) => {
    const { dataset } = await datasetFor(request);
    const records = await dataset.searchRead(params.model, { domain: params.domain, fields: params.fields, offset: params.offset, limit: params.limit, order: params.sort });
    const offset = typeof params.offset === 'number' ? params.offset : 0;
    const limit = typeof params.limit === 'number' ? params.limit : undefined;
    // PROTOCOL.md §9: the exact count only when the page is full, else offset + rows.
    const length = limit !== undefined && records.length >= limit ? await dataset.searchCount(params.model, params.domain) : offset + records.length;
    return { length, records };
  });

  app.rpc('/web/dataset/read_group', async (params, request) => {
    const { dataset } = await datasetFor(request);
    return dataset.readGroup(params.model, params.domain, params.groupby);
  });
}
