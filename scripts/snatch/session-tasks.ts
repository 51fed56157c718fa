// Hardhat tasks for three-player class sessions of Snatch or Share (SnatchSession):
//   npx hardhat snatch:session --rooms 10 [--seats class.csv]   the teacher creates a session in one transaction
//   npx hardhat snatch:session:<action> --id 1 ...               join, start, rooms, close, record, reroll, show
// Addresses come from the hardhat-deploy deployment `SnatchSession` unless --session is given.
// Only `import type` from typechain-types: this file loads before the first compile.
import fs from "node:fs";
import { types } from "hardhat/config";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { ContractTransactionResponse } from "ethers";
import type { SnatchSession } from "../../typechain-types";
import { gameTask, send as sendTx, signerOf, type FromArg } from "../lib/cli";
import {
  DEFAULT_SESSION_CONFIG,
  ROOMS_PER_TX,
  SESSION_STAGE_NAMES,
  SessionStage,
  listingBatches,
  parseSeatsCsv,
} from "../../client/snatch/session";
import { validName } from "../../client/common/names";
import { sessionAt } from "./lib";

interface Common extends FromArg {
  session: string;
}

function withCommon(name: string, description: string) {
  return gameTask(name, description).addOptionalParam(
    "session",
    "SnatchSession address (default: the deployment)",
    "",
    types.string,
  );
}

async function contract(hre: HardhatRuntimeEnvironment, args: Common): Promise<SnatchSession> {
  const s = await sessionAt(hre, args.session);
  return s.connect(await signerOf(hre, args.from)) as SnatchSession;
}

/** Sends `call()` and prints it with the session's and the rooms' events, decoded. */
async function send(hre: HardhatRuntimeEnvironment, call: () => Promise<ContractTransactionResponse>) {
  return sendTx(hre, call, { prefer: ["SnatchSession", "SnatchRooms"] });
}

/** Waits for the draw's randomness if the session is drawing (mining on a local node). */
async function waitForDraw(hre: HardhatRuntimeEnvironment, s: SnatchSession, id: number): Promise<void> {
  const d = await s.session(id);
  if (Number(d.stage) !== SessionStage.Drawing) return;
  const { waitForRandomness } = await import("../../client/chain");
  const { IRandomness__factory } =
    await import("../../typechain-types/factories/contracts/common/randomness/IRandomness__factory");
  const source = IRandomness__factory.connect(await s.randomness(), hre.ethers.provider);
  console.log(`waiting for the seating randomness (request ${d.request})`);
  await waitForRandomness(source, d.request, hre.ethers.provider, { log: (l) => console.log(`  ${l}`) });
}

withCommon(
  "snatch:session",
  "Creates a three-player Snatch or Share session for a class (the sender is its teacher): N rooms of three, seats " +
    "listed from a CSV file (seat,name,address as the class sheet exports it) or first come, first seated",
)
  .addParam("rooms", "most rooms of three (the session seats up to 3 x rooms players)", undefined, types.int)
  .addOptionalParam("seats", "a CSV file of the class's seats (address and name per line); none: first come", "")
  .addOptionalParam(
    "batch",
    `rooms created per snatch:session:rooms call (at most ${ROOMS_PER_TX}: each transaction stays under 10M gas)`,
    DEFAULT_SESSION_CONFIG.roomsPerBatch,
    types.int,
  )
  .addOptionalParam(
    "join",
    "first come: blocks after which anyone may start the session",
    DEFAULT_SESSION_CONFIG.joinBlocks,
    types.int,
  )
  .addOptionalParam("windows", "room windows in blocks, e.g. trading=120,closing=10,judging=60", "", types.string)
  .setAction(
    async (args: Common & { rooms: number; seats: string; batch: number; join: number; windows: string }, hre) => {
      if (args.batch > ROOMS_PER_TX) {
        throw new Error(`--batch ${args.batch}: at most ${ROOMS_PER_TX} rooms a transaction (each under 10M gas)`);
      }
      const config = {
        ...DEFAULT_SESSION_CONFIG,
        rooms: args.rooms,
        roomsPerBatch: Math.min(args.batch, args.rooms),
        joinBlocks: args.join,
      };
      for (const part of args.windows.split(",").filter((p) => p !== "")) {
        const [name, value] = part.split("=");
        if (!["trading", "closing", "judging"].includes(name)) throw new Error(`unknown window "${name}"`);
        config[name as "trading" | "closing" | "judging"] = Number(value);
      }
      const seats = args.seats ? parseSeatsCsv(fs.readFileSync(args.seats, "utf8")) : [];
      const names = seats.map((seat) => validName(seat.name));
      const s = await contract(hre, args);
      // A list longer than one transaction takes is sent in batches (each under 10M gas), then seating is closed.
      const batches = listingBatches(seats.map((seat, i) => ({ address: seat.address, name: names[i] })));
      const create = batches.length > 1 ? s.createListedSession : s.createSession;
      const first = batches[0] ?? [];
      const { events } = await send(hre, () =>
        create(
          config,
          first.map((seat) => seat.address),
          first.map((seat) => seat.name),
        ),
      );
      const created = events.find((e) => e.name === "SessionCreated");
      const id = created ? String(created.args.sessionId) : "?";
      if (batches.length > 1) {
        for (const batch of batches.slice(1)) {
          await send(hre, () =>
            s.addSeats(
              id,
              batch.map((seat) => seat.address),
              batch.map((seat) => seat.name),
            ),
          );
        }
        await send(hre, () => s.start(id));
      }
      console.log(
        seats.length > 0
          ? `session ${id}: ${seats.length} seats listed; create its rooms with npx hardhat snatch:session:rooms --id ${id}`
          : `session ${id}: players join with npx hardhat snatch:session:join --id ${id} --name <name>, ` +
              `then snatch:session:start --id ${id}`,
      );
    },
  );

withCommon("snatch:session:join", "Takes the next seat of a first-come session under a display name")
  .addParam("id", "session id", undefined, types.int)
  .addOptionalParam("name", 'the display name (at most 32 bytes of text, no control characters; "" for none)', "")
  .setAction(async (args: Common & { id: number; name: string }, hre) => {
    const name = validName(args.name);
    const s = await contract(hre, args);
    await send(hre, () => s.join(args.id, name));
  });

withCommon("snatch:session:start", "Closes seating of a first-come session and requests the draw's randomness")
  .addParam("id", "session id", undefined, types.int)
  .setAction(async (args: Common & { id: number }, hre) => {
    const s = await contract(hre, args);
    await send(hre, () => s.start(args.id));
  });

withCommon("snatch:session:rooms", "Draws the seating (once ready) and creates the session's rooms, batch by batch")
  .addParam("id", "session id", undefined, types.int)
  .addFlag("once", "create one batch only")
  .setAction(async (args: Common & { id: number; once: boolean }, hre) => {
    const s = await contract(hre, args);
    await waitForDraw(hre, s, args.id);
    do {
      await send(hre, () => s.createRooms(args.id));
    } while (!args.once && Number((await s.session(args.id)).stage) === SessionStage.Creating);
  });

withCommon("snatch:session:close", "After the session's deadline: closes timed-out rooms with their defaults")
  .addParam("id", "session id", undefined, types.int)
  .addOptionalParam("max", "most rooms in this call (at most 50)", 50, types.int)
  .setAction(async (args: Common & { id: number; max: number }, hre) => {
    const s = await contract(hre, args);
    await send(hre, () => s.closeTimedOutRooms(args.id, args.max));
  });

withCommon("snatch:session:closeSession", "Closes a first-come session of fewer than 3 players after its window")
  .addParam("id", "session id", undefined, types.int)
  .setAction(async (args: Common & { id: number }, hre) => {
    const s = await contract(hre, args);
    await send(hre, () => s.closeSession(args.id));
  });

withCommon("snatch:session:record", "Records finished rooms that did not report (the session was disallowed)")
  .addParam("id", "session id", undefined, types.int)
  .addOptionalParam("first", "first room index to look at", 0, types.int)
  .addOptionalParam("max", "most rooms in this call (at most 50)", 50, types.int)
  .setAction(async (args: Common & { id: number; first: number; max: number }, hre) => {
    const s = await contract(hre, args);
    await send(hre, () => s.recordRooms(args.id, args.first, args.max));
  });

withCommon("snatch:session:reroll", "Replaces the session's stale draw request")
  .addParam("id", "session id", undefined, types.int)
  .setAction(async (args: Common & { id: number }, hre) => {
    const s = await contract(hre, args);
    await send(hre, () => s.rerequestDraw(args.id));
  });

withCommon("snatch:session:show", "Prints a session: stage, seats, rooms and totals")
  .addParam("id", "session id", undefined, types.int)
  .setAction(async (args: Common & { id: number }, hre) => {
    const s = await contract(hre, args);
    const d = await s.session(args.id);
    const block = await hre.ethers.provider.getBlockNumber();
    const stage = Number(d.stage);
    console.log(
      `session ${args.id}: teacher ${d.organiser}; ${d.playerCount}/${d.capacity} seats ` +
        `(${d.firstCome ? "first come" : "listed"}); ${SESSION_STAGE_NAMES[stage]} (block ${block}); format ${d.format}`,
    );
    if (stage === SessionStage.Registration) {
      console.log(`  anyone may start it from block ${d.createdAt + BigInt(d.joinBlocks)}`);
    }
    if (d.seed !== 0n) {
      const t = d.totals;
      console.log(
        `  ${d.created}/${d.rooms} rooms created, ${t.finished} finished` +
          (d.deadline > 0n ? `, deadline block ${d.deadline}` : "") +
          `; ${t.offers} offers, ${t.accepts} accepted, ${t.rejects} rejected, ${t.snatches} snatched, ` +
          `${t.shames} shames, ${t.reports} reports; ${t.points} points (finished rooms)`,
      );
      const ids = await s.roomIds(args.id, 0, d.created);
      if (ids.length > 0) console.log(`  rooms: ${ids.join(", ")}`);
    }
  });
