import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../core/config/config.js';
import { attachmentUploadRoutes } from './operator-upload-routes.js';
import { visitorUploadRoutes } from './visitor-upload-routes.js';

/** What {@link uploadsFeature} needs. */
export interface UploadsFeatureOptions {
  config: ServerConfig;
}

/** File uploads: the operator's attachments and the visitor's, each route in its own context with its multipart parser. */
export const uploadsFeature = fp(
  async (app: FastifyInstance, opts: UploadsFeatureOptions) => {
    await app.register(attachmentUploadRoutes, { config: opts.config });
    await app.register(visitorUploadRoutes, { config: opts.config });
  },
  { name: 'uploads-feature' },
);
