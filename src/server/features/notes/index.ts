import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NoteStore } from './note-store.js';
import { noteRoutes } from './note-routes.js';

/**
 * Internal notes and mentions (issue 25): operators write notes in a conversation that only operators
 * read, and `@name` tells a colleague of the channel (a console notice; alerts may mail it, listening to
 * `note.mentioned`).
 */
export const notesFeature = fp(
  async (app: FastifyInstance) => {
    await app.register(noteRoutes, { notes: new NoteStore(app.database.db) });
  },
  { name: 'notes-feature' },
);
