import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  createMigratedPgTemplate,
  type ProvidedDatabases,
  testDbRoot,
  writePgliteClusters,
} from './test-db-images';

declare module 'vitest' {
  export interface ProvidedContext extends ProvidedDatabases {
    /** An empty folder for the run's server bundle, built by the first file that needs one (server-bundle.ts). */
    testServerBundleDir: string;
  }
}

/**
 * Once per run, before any API test file: the migrated database every test app starts from, with the
 * Stripe sandbox's catalogue made by a first server start (test-server.ts's makeCatalogue).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bundleDir = await mkdtemp(path.join(tmpdir(), 'spark-test-bundle-'));
  project.provide('testServerBundleDir', bundleDir);
  const removeBundle = () => rm(bundleDir, { recursive: true, force: true });
  const serverUrl = process.env.DATABASE_URL || null;
  if (serverUrl) {
    const template = await createMigratedPgTemplate(serverUrl);
    project.provide('emptyPgliteCluster', '');
    project.provide('migratedPgliteCluster', '');
    project.provide('migratedPgTemplate', template.name);
    return async () => {
      await template.drop();
      await removeBundle();
    };
  }
  const dir = await mkdtemp(path.join(testDbRoot(), 'spark-test-db-'));
  const clusters = await writePgliteClusters(dir);
  project.provide('emptyPgliteCluster', clusters.empty);
  project.provide('migratedPgliteCluster', clusters.migrated);
  project.provide('migratedPgTemplate', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await removeBundle();
  };
}
