import type { TestProject } from 'vitest/node';
import { missingPrerequisite, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the backbeat server under test listens, e.g. http://127.0.0.1:40123. */
    baseUrl: string;
    /** Why the journeys cannot run here; empty when they can. */
    e2eSkipReason: string;
    /** The server's data directory (mail the server "sends" lands in its mail/ folder). */
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const missing = missingPrerequisite();
  if (missing) {
    if (process.env.CI === 'true') throw new Error(`End-to-end tests cannot run: ${missing}.`);
    console.warn(`\nSkipping the end-to-end tests: ${missing}.\n`);
    project.provide('baseUrl', '');
    project.provide('e2eSkipReason', missing);
    project.provide('dataDir', '');
    return;
  }

  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('e2eSkipReason', '');
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
