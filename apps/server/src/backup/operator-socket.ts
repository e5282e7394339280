import { chmod, mkdir, rm } from 'node:fs/promises';
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type ClientErrorResponse,
  SERVER_ERROR_DETAIL,
  type ServerErrorResponse,
} from '@ballast/contract';

/**
 * The embedded database belongs to one process, and nothing in PGlite stops a second from opening
 * its directory and corrupting it. So the process that holds it (the server, or a backup command
 * run while the server is stopped) listens on this Unix socket in the data directory, which only
 * those who may read the directory can reach; a second claimant finds it answering and stops, and
 * an operator's backup asks the server through it to take the copy itself (decision 026).
 */
export const OPERATOR_SOCKET = 'operator.sock';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

type BackupWriter = {
  write(destination: Writable): Promise<void>;
  /** Told why a backup failed; the caller only sees its answer cut short. */
  onFailure(error: unknown): void;
};

export type OperatorSocket = {
  /** From now on a backup asked for over the socket is written by `write` to the answer. */
  serveBackups(write: BackupWriter['write'], onFailure: BackupWriter['onFailure']): void;
  close(): Promise<void>;
};

/** Claims the data directory for this process; refuses while another process holds it. */
export async function claimOperatorSocket(dataDir: string): Promise<OperatorSocket> {
  const path = join(dataDir, OPERATOR_SOCKET);
  await mkdir(dataDir, { recursive: true });
  let backups: BackupWriter | undefined;
  // One at a time: each copies the whole database into the data directory while it is sent.
  let sending = false;
  const server = createServer((incoming, answer) => {
    incoming.resume();
    if (incoming.method !== 'POST' || incoming.url !== '/backup') {
      clientError(answer, 404, 'not_found', 'The operator socket answers POST /backup only.');
    } else if (!backups) {
      clientError(
        answer,
        409,
        'request_conflict',
        'The process holding the data directory is not serving backups (it is starting, or is a backup command itself); try again when it is done.',
      );
    } else if (sending) {
      clientError(
        answer,
        409,
        'request_conflict',
        'A backup is being taken; try again when it is done.',
      );
    } else {
      sending = true;
      void sendBackup(answer, backups).finally(() => {
        sending = false;
      });
    }
  });
  try {
    await listen(server, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EINVAL' || code === 'ENAMETOOLONG') {
      throw new Error(
        `The data directory's path is too long for its operator socket (${path}); choose a shorter DATA_DIR.`,
      );
    }
    if (code !== 'EADDRINUSE') throw error;
    if (await isAnswering(path)) {
      throw new DataDirInUseError(
        `Another process is using the embedded database in ${dataDir} (its ${OPERATOR_SOCKET} answers); stop it first.`,
      );
    }
    // Left by a process that did not close it (a crash, a kill -9).
    await rm(path, { force: true });
    await listen(server, path);
  }
  await chmod(path, 0o600);
  return {
    serveBackups(write, onFailure) {
      backups = { write, onFailure };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function sendBackup(answer: ServerResponse, backups: BackupWriter): Promise<void> {
  answer.writeHead(200, { 'content-type': 'application/gzip' });
  try {
    await backups.write(answer);
  } catch (error) {
    // The status has gone; cutting the answer short is how the caller learns that the backup
    // failed (its copy is incomplete and is thrown away).
    answer.destroy();
    backups.onFailure(error);
  }
}

function clientError(
  answer: ServerResponse,
  status: number,
  code: ClientErrorResponse['errors'][number]['code'],
  detail: string,
): void {
  const body: ClientErrorResponse = {
    type: 'client_error',
    errors: [{ code, detail, attr: null }],
  };
  answer.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Whether a process listens on the data directory's socket. */
export function isAnswering(path: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(error);
    });
  });
}

/**
 * Asks the process holding `dataDir` for a backup and writes it to `destination`. Answers false,
 * having written nothing, when no process holds the directory.
 */
export function requestBackup(dataDir: string, destination: Writable): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const asked = request({
      socketPath: join(dataDir, OPERATOR_SOCKET),
      method: 'POST',
      path: '/backup',
    });
    asked.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(error);
    });
    asked.once('response', (answer) => {
      if (answer.statusCode === 200) {
        pipeline(answer, destination).then(() => resolve(true), reject);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.once('end', () => reject(new Error(detailOf(Buffer.concat(chunks).toString()))));
    });
    asked.end();
  });
}

function detailOf(text: string): string {
  try {
    const body = JSON.parse(text) as ClientErrorResponse | ServerErrorResponse;
    return body.errors[0]?.detail ?? SERVER_ERROR_DETAIL;
  } catch {
    return SERVER_ERROR_DETAIL;
  }
}
