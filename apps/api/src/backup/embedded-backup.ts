import { createWriteStream, existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { Header, list, Pack, ReadEntry, extract } from 'tar';
import {
  DATA_DIR_LOCK_FILES,
  DataDirLockedError,
  lockDataDir,
  pgliteExtensions,
} from '../db/client.ts';
import type { Env } from '../env.ts';
import { isValidStorageKey } from '../storage/storage-common.ts';

/** A refusal or failure worded for the operator running `npm run backup` / `npm run restore`. */
export class BackupError extends Error {}

const MANIFEST = 'manifest.json';
const DATABASE = 'database.tar';
const FILES = 'files';
const FORMAT = 'borrower-portal-embedded-backup';
const FORMAT_VERSION = 1;

interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  createdAt: string;
}

/**
 * The folder the commands work on. They cover the embedded default only: PostgreSQL and S3 have
 * their providers' backups, which can run while the servers serve (docs/operations.md).
 */
export function embeddedDataDir(env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL' | 'STORAGE_URL'>) {
  const external = [env.DATABASE_URL && 'DATABASE_URL', env.STORAGE_URL && 'STORAGE_URL'].filter(
    Boolean,
  );
  if (external.length > 0) {
    throw new BackupError(
      `${external.join(' and ')} ${external.length > 1 ? 'are' : 'is'} set: these commands back up ` +
        'only the embedded default (PGlite and files in DATA_DIR). Back up PostgreSQL and the ' +
        'bucket with their own tools, as docs/operations.md describes.',
    );
  }
  return path.resolve(env.DATA_DIR);
}

/**
 * Writes one gzipped tar of DATA_DIR's database (PGlite's own dump, taken after a checkpoint) and
 * stored files (`files/<key>`). The development mail outbox and upload temp files are left out.
 *
 * Refuses while a server runs on the folder rather than waiting: a server holds it for as long as
 * it runs, and PGlite is one process's database, so only that process could read it consistently.
 */
export async function backupDataDir(
  dataDir: string,
  archiveFile: string,
): Promise<{ files: number }> {
  const folder = path.resolve(dataDir);
  if (!existsSync(path.join(folder, 'pgdata', 'PG_VERSION'))) {
    throw new BackupError(`DATA_DIR ${folder} holds no embedded database: nothing to back up.`);
  }
  if (existsSync(archiveFile)) {
    throw new BackupError(`${archiveFile} already exists: choose a new file name for the backup.`);
  }
  const release = await lockOrExplain(
    folder,
    'Stop the server, run the backup, then start the server again.',
  );
  // Written aside and renamed when complete, so a failed run never leaves a plausible backup.
  const partial = `${archiveFile}.partial`;
  try {
    const database = await dumpDatabase(path.join(folder, 'pgdata'));
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
    };
    let files = 0;
    const pack = new Pack({
      cwd: folder,
      gzip: true,
      portable: true,
      strict: true,
      // From disk, stored objects only: keys never start with '.', upload temp files do.
      filter: (entryPath, stat) =>
        stat instanceof ReadEntry ||
        (!path.basename(entryPath).startsWith('.') && (stat.isFile() || stat.isDirectory())),
      onWriteEntry: (entry) => {
        if (entry.type === 'File' && entry.path.startsWith(`${FILES}/`)) files++;
      },
    });
    pack.add(memoryEntry(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2))));
    pack.add(memoryEntry(DATABASE, database));
    if (existsSync(path.join(folder, FILES))) pack.add(FILES);
    pack.end();
    // Owner-only: the archive holds every document and the password hashes.
    await pipeline(pack, createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, archiveFile);
    return { files };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await release();
  }
}

/**
 * Restores a backup into DATA_DIR, which must be empty (or not exist yet) and not in use: a
 * restore never mixes with, or overwrites, data that is already there.
 */
export async function restoreDataDir(
  archiveFile: string,
  dataDir: string,
): Promise<{ files: number; createdAt: string }> {
  const folder = path.resolve(dataDir);
  if (!existsSync(archiveFile)) throw new BackupError(`${archiveFile} does not exist.`);
  const release = await lockOrExplain(folder, 'Stop it, and restore into a new, empty folder.');
  try {
    const present = (await readdir(folder)).filter(
      (name) => !(DATA_DIR_LOCK_FILES as readonly string[]).includes(name),
    );
    if (present.length > 0) {
      throw new BackupError(
        `DATA_DIR ${folder} is not empty (it holds ${present.join(', ')}). A restore never ` +
          'overwrites data: point DATA_DIR at a new or empty folder, or move this one aside first.',
      );
    }
    const { manifest, database } = await readArchive(archiveFile);
    try {
      let files = 0;
      await extract({
        file: archiveFile,
        cwd: folder,
        strict: true,
        filter: (entryPath, entry) => {
          const isStoredFile =
            'type' in entry &&
            entry.type === 'File' &&
            entryPath.startsWith(`${FILES}/`) &&
            isValidStorageKey(entryPath.slice(FILES.length + 1));
          if (isStoredFile) files++;
          return isStoredFile;
        },
      });
      await loadDatabase(path.join(folder, 'pgdata'), database);
      return { files, createdAt: manifest.createdAt };
    } catch (error) {
      // The folder was empty: leave it so again, and a corrected retry starts clean.
      await rm(path.join(folder, FILES), { recursive: true, force: true });
      await rm(path.join(folder, 'pgdata'), { recursive: true, force: true });
      throw error;
    }
  } finally {
    await release();
  }
}

async function lockOrExplain(folder: string, advice: string) {
  try {
    return await lockDataDir(folder, false);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(
        `DATA_DIR ${folder} is in use by a running Borrower Portal server. ${advice}`,
      );
    }
    throw error;
  }
}

async function dumpDatabase(pgdata: string): Promise<Buffer> {
  const client = new PGlite(pgdata, { extensions: await pgliteExtensions() });
  try {
    // Flushes the write-ahead log into the data files, so the dump needs no crash recovery.
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('none');
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await client.close();
  }
}

async function loadDatabase(pgdata: string, database: Buffer) {
  const client = new PGlite(pgdata, {
    loadDataDir: new Blob([new Uint8Array(database)]),
    extensions: await pgliteExtensions(),
  });
  try {
    // Proves the restored database opens, before the command reports success.
    await client.query('select 1');
  } finally {
    await client.close();
  }
}

/** The manifest and the database dump, checked before anything is written. */
async function readArchive(archiveFile: string) {
  const chunks = new Map<string, Buffer[]>();
  try {
    await list({
      file: archiveFile,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.path === MANIFEST || entry.path === DATABASE) {
          const parts: Buffer[] = [];
          chunks.set(entry.path, parts);
          entry.on('data', (chunk: Buffer) => parts.push(chunk));
        } else entry.resume();
      },
    });
  } catch (error) {
    throw new BackupError(`${archiveFile} is not a readable backup (${(error as Error).message}).`);
  }
  const contentOf = (name: string) => {
    const parts = chunks.get(name);
    return parts && Buffer.concat(parts);
  };
  const manifest = parseManifest(contentOf(MANIFEST));
  const database = contentOf(DATABASE);
  if (!manifest || !database) {
    throw new BackupError(`${archiveFile} is not a Borrower Portal backup (npm run backup).`);
  }
  return { manifest, database };
}

function parseManifest(bytes: Buffer | undefined): Manifest | undefined {
  if (!bytes) return undefined;
  try {
    const manifest = JSON.parse(bytes.toString('utf8')) as Partial<Manifest>;
    if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION) return undefined;
    return manifest as Manifest;
  } catch {
    return undefined;
  }
}

/** An archive entry from bytes in memory: the database dump exists only there. */
function memoryEntry(entryPath: string, bytes: Buffer): ReadEntry {
  const entry = new ReadEntry(
    new Header({
      path: entryPath,
      type: 'File',
      size: bytes.length,
      mode: 0o600,
      mtime: new Date(),
    }),
  );
  entry.end(bytes);
  return entry;
}
