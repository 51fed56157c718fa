// Hardhat tasks for Snatch or Share / SnatchGame rooms: `npx hardhat snatch:<action> --network localhost ...`.
// Addresses come from hardhat-deploy deployments (SnatchRooms, SnatchRoomsLens) unless --rooms/--lens are given.
// Only `import type` from typechain-types: this file loads before the first compile.
import { types } from "hardhat/config";
import type { HardhatRuntimeEnvironment } from "hardhat/types";
import { ZeroAddress, type ContractTransactionResponse } from "ethers";
import type { SnatchRooms } from "../../typechain-types";
import {
  DEFAULT_FILL_BLOCKS,
  DEFAULT_WINDOWS,
  describeGoods,
  parseGoods,
  Phase,
  PHASE_NAMES,
  RULE_KEYS,
  RULE_NAMES,
  STATUS_NAMES,
  type WindowLengths,
} from "../../client/snatch/names";
import { describeRoom, escrowOf, roomSeatNames } from "../../client/snatch/room";
import { validName } from "../../client/common/names";
import { gameTask, send, signerOf, type FromArg } from "../lib/cli";
import { snatchAt } from "./lib";
// The tournament's tasks (tournament, tournament:*).
import "./tournament-tasks";
import "./session-tasks";

interface Common extends FromArg {
  rooms: string;
  lens: string;
}

async function contracts(hre: HardhatRuntimeEnvironment, args: Common) {
  const { rooms, lens } = await snatchAt(hre, { rooms: args.rooms, lens: args.lens });
  const account = await signerOf(hre, args.from);
  return { rooms: rooms.connect(account) as SnatchRooms, lens, account };
}

/** Sends a transaction and prints the events it emitted, decoded (goods as goods, phases and rules by name). */
function report(hre: HardhatRuntimeEnvironment, pending: () => Promise<ContractTransactionResponse>) {
  return send(hre, pending, { prefer: ["SnatchRooms"] });
}

function withCommon(name: string, description: string) {
  return gameTask(name, description)
    .addOptionalParam("rooms", "SnatchRooms address (default: the deployment)", "", types.string)
    .addOptionalParam("lens", "SnatchRoomsLens address (default: the deployment)", "", types.string);
}

withCommon("snatch:formats", "Lists the stored formats").setAction(async (args: Common, hre) => {
  const { rooms, lens } = await contracts(hre, args);
  const count = Number(await rooms.formatCount());
  for (let id = 1; id <= count; id++) {
    const [players, rounds, w] = await lens.formatOf(id);
    const windows =
      Number(players) === 3
        ? `trading ${w.trading} (no offers in the last ${w.closing}), judging ${w.judging}`
        : `talk ${w.talk}, offer ${w.offer}, response ${w.response}, decision ${w.decision}`;
    console.log(
      `format ${id}: ${players} players; ${rounds.map((r) => RULE_NAMES[Number(r)]).join(" | ")}; ${windows}`,
    );
  }
});

withCommon("snatch:create-format", "Stores a custom format")
  .addParam("rounds", "comma-separated: anarchy, no-reject, shame-tokens, judge, or g1..g5")
  .addOptionalParam("windows", "e.g. trading=120,closing=10,judging=60 or offer=20,response=20,decision=20,talk=20", "")
  .setAction(async (args: Common & { rounds: string; windows: string }, hre) => {
    const { rooms } = await contracts(hre, args);
    const rounds = args.rounds.split(",").map((r) => {
      const key = r.trim().toLowerCase();
      if (!(key in RULE_KEYS)) throw new Error(`unknown rule set "${r}" (one of ${Object.keys(RULE_KEYS).join(", ")})`);
      return RULE_KEYS[key];
    });
    const windows: WindowLengths = { ...DEFAULT_WINDOWS };
    for (const part of args.windows.split(",").filter((p) => p !== "")) {
      const [name, value] = part.split("=");
      if (!(name in windows)) throw new Error(`unknown window "${name}"`);
      windows[name as keyof typeof windows] = Number(value);
    }
    await report(hre, () => rooms.createFormat(rounds, windows));
  });

/** The --name of a seat: checked with the contract's rule before sending (its sentence if refused). */
const NAME_HELP = 'a display name for the seat (at most 32 bytes of text, no control characters; "" for none)';

withCommon("snatch:create", "Creates an open room and takes seat 0")
  .addOptionalParam("format", "format id (1: Snatch or Share; 2..6: G1..G5)", 1, types.int)
  .addOptionalParam("name", NAME_HELP, "", types.string)
  .addOptionalParam(
    "fill",
    "fill window in blocks: after it anyone may cancel the room if it has not filled (1..100000)",
    DEFAULT_FILL_BLOCKS,
    types.int,
  )
  .setAction(async (args: Common & { format: number; fill: number; name: string }, hre) => {
    const name = validName(args.name);
    const { rooms } = await contracts(hre, args);
    await report(hre, () => rooms.createRoom(args.format, args.fill, name));
  });

withCommon("snatch:leave", "Leaves an open room (its creator cancels it instead)")
  .addParam("room", "room id", undefined, types.int)
  .setAction(async (args: Common & { room: number }, hre) => {
    const { rooms } = await contracts(hre, args);
    await report(hre, () => rooms.leave(args.room));
  });

withCommon("snatch:cancelRoom", "Cancels an open room: its creator any time, anyone after the fill window")
  .addParam("room", "room id", undefined, types.int)
  .setAction(async (args: Common & { room: number }, hre) => {
    const { rooms } = await contracts(hre, args);
    await report(hre, () => rooms.cancelRoom(args.room));
  });

withCommon("snatch:join", "Takes the next seat of an open room")
  .addParam("room", "room id", undefined, types.int)
  .addOptionalParam("name", NAME_HELP, "", types.string)
  .setAction(async (args: Common & { room: number; name: string }, hre) => {
    const name = validName(args.name);
    const { rooms } = await contracts(hre, args);
    await report(hre, () => rooms.join(args.room, name));
  });

withCommon("snatch:advance", "Applies what is due (roles once the randomness is ready, expired windows' defaults)")
  .addParam("room", "room id, or several separated by commas", undefined, types.string)
  .addFlag("noWait", "do not wait for a room's roles randomness first")
  .setAction(async (args: Common & { room: string; noWait: boolean }, hre) => {
    const { rooms, lens } = await contracts(hre, args);
    const ids = args.room.split(",").map((x) => BigInt(x.trim()));
    if (!args.noWait) {
      // Rooms waiting for their roles: wait until the randomness is ready (mining on a local node), as the
      // contract only draws roles from a ready value.
      const { waitForRandomness } = await import("../../client/chain");
      const { IRandomness__factory } =
        await import("../../typechain-types/factories/contracts/common/randomness/IRandomness__factory");
      const source = IRandomness__factory.connect(await rooms.randomness(), hre.ethers.provider);
      for (const id of ids) {
        const v = await lens.roomView(id);
        if (Number(v.phase) !== Phase.AwaitingRoles) continue;
        console.log(`room ${id}: waiting for roles randomness request ${v.rolesRequest}`);
        await waitForRandomness(source, v.rolesRequest, hre.ethers.provider, { log: (l) => console.log(`  ${l}`) });
      }
    }
    await report(hre, () => (ids.length === 1 ? rooms.advance(ids[0]) : rooms.advanceMany(ids)));
  });

withCommon("snatch:reroll", "Replaces a stale roles randomness request")
  .addParam("room", "room id", undefined, types.int)
  .setAction(async (args: Common & { room: number }, hre) => {
    const { rooms } = await contracts(hre, args);
    await report(hre, () => rooms.rerequestRoles(args.room));
  });

withCommon("snatch:offer", "Makes an offer: --give for --want")
  .addParam("room", "room id", undefined, types.int)
  .addParam("to", "the opponent's address or seat number")
  .addParam("give", "offered goods, e.g. turkey=2 (or 2,0,0)")
  .addOptionalParam("want", "requested goods, e.g. coffee=1", "", types.string)
  .setAction(async (args: Common & { room: number; to: string; give: string; want: string }, hre) => {
    const { rooms, lens, account } = await contracts(hre, args);
    const view = await lens.roomView(args.room);
    const target = /^\d$/.test(args.to) ? view.players[Number(args.to)] : args.to;
    const give = parseGoods(args.give);
    // Warn before sending an offer that escrows nothing: the offerer holds none of what it offers.
    const me = await account.getAddress();
    const seat = view.players.findIndex((p) => p.toLowerCase() === me.toLowerCase());
    if (seat >= 0 && escrowOf(give, view.free[seat]).every((x) => x === 0n)) {
      console.log(
        `warning: you hold ${describeGoods(view.free[seat])}, none of the ${describeGoods(give)} you offer: the ` +
          "offer escrows nothing (accepting it gives you nothing; snatching it takes nothing)",
      );
    }
    await report(hre, () => rooms.offer(args.room, target, give, parseGoods(args.want)));
  });

for (const action of ["accept", "reject", "snatch", "cancel", "report"] as const) {
  const what = {
    accept: "Accepts an offer made to you",
    reject: "Rejects an offer made to you",
    snatch: "Snatches an offer made to you",
    cancel: "Cancels your pending offer",
    report: "Reports a snatch of your offer (judge round, G4)",
  }[action];
  withCommon(`snatch:${action}`, what)
    .addParam("room", "room id", undefined, types.int)
    .addParam("offer", "offer id", undefined, types.int)
    .setAction(async (args: Common & { room: number; offer: number }, hre) => {
      const { rooms } = await contracts(hre, args);
      await report(hre, () => rooms[action](args.room, args.offer));
    });
}

withCommon("snatch:confirm", "The judge confirms a report")
  .addParam("room", "room id", undefined, types.int)
  .addParam("offer", "offer id", undefined, types.int)
  .addFlag("suspend", "also suspend the snatcher for the next round")
  .setAction(async (args: Common & { room: number; offer: number; suspend: boolean }, hre) => {
    const { rooms } = await contracts(hre, args);
    await report(hre, () => rooms.confirmReport(args.room, args.offer, args.suspend));
  });

withCommon("snatch:dismiss", "The judge dismisses a report")
  .addParam("room", "room id", undefined, types.int)
  .addParam("offer", "offer id", undefined, types.int)
  .setAction(async (args: Common & { room: number; offer: number }, hre) => {
    const { rooms } = await contracts(hre, args);
    await report(hre, () => rooms.dismissReport(args.room, args.offer));
  });

for (const action of ["done", "pass"] as const) {
  const what = {
    done: "Says you are done (3-player round, G5 talk, or the judge's judging phase)",
    pass: "P1: no offer this round, or no shame/report after a snatch",
  }[action];
  withCommon(`snatch:${action}`, what)
    .addParam("room", "room id", undefined, types.int)
    .setAction(async (args: Common & { room: number }, hre) => {
      const { rooms } = await contracts(hre, args);
      await report(hre, () => rooms[action](args.room));
    });
}

withCommon("snatch:force", "P2 (G2): forces P1 to offer this round, or lifts it")
  .addParam("room", "room id", undefined, types.int)
  .addOptionalParam("on", "true to force, false to lift", true, types.boolean)
  .setAction(async (args: Common & { room: number; on: boolean }, hre) => {
    const { rooms } = await contracts(hre, args);
    await report(hre, () => rooms.setForce(args.room, args.on));
  });

withCommon("snatch:talk", "Sends a cheap-talk message (G5 talk window)")
  .addParam("room", "room id", undefined, types.int)
  .addParam("text", "the message (at most 280 bytes)")
  .setAction(async (args: Common & { room: number; text: string }, hre) => {
    const { rooms } = await contracts(hre, args);
    await report(hre, () => rooms.talk(args.room, args.text));
  });

withCommon("snatch:shame", "Gives shame (3-player shame-token round; G3 after a snatch)")
  .addParam("room", "room id", undefined, types.int)
  .addParam("to", "the player's address or seat number")
  .setAction(async (args: Common & { room: number; to: string }, hre) => {
    const { rooms, lens } = await contracts(hre, args);
    let target = args.to;
    if (/^\d$/.test(target)) target = (await lens.roomView(args.room)).players[Number(target)];
    await report(hre, () => rooms.shame(args.room, target));
  });

withCommon("snatch:factory", "Owner: allows or disallows a factory (e.g. a tournament)")
  .addParam("address", "the factory contract")
  .addOptionalParam("allowed", "true or false", true, types.boolean)
  .setAction(async (args: Common & { address: string; allowed: boolean }, hre) => {
    const { rooms } = await contracts(hre, args);
    await report(hre, () => rooms.setFactory(args.address, args.allowed));
  });

withCommon("snatch:show", "Prints a room: roles, holdings, points, open offers, shame, judge, round and phase")
  .addParam("room", "room id", undefined, types.int)
  .addFlag("offers", "also list every offer of the room")
  .setAction(async (args: Common & { room: number; offers: boolean }, hre) => {
    const { rooms, lens } = await contracts(hre, args);
    const block = await hre.ethers.provider.getBlockNumber();
    const deployed = args.rooms ? undefined : await hre.deployments.getOrNull("SnatchRooms");
    const names = await roomSeatNames(rooms, hre.ethers.provider, BigInt(args.room), {
      fromBlock: deployed?.receipt?.blockNumber ?? 0,
    });
    for (const line of await describeRoom(lens, BigInt(args.room), block, names)) console.log(line);
    if (args.offers) {
      const all = await lens.allOffers(args.room);
      for (const [i, o] of all.entries()) {
        // An offer whose ring slot holds a later offer comes back empty (status None): its history is in the events.
        if (Number(o.status) === 0) {
          console.log(`  offer #${i + 1}: no longer stored (its slot holds a later offer), see the room's events`);
          continue;
        }
        console.log(
          `  offer #${i + 1} ${o.from} → ${o.to}: ${describeGoods(o.escrowed)} escrowed (of ${o.offeredSum} offered) ` +
            `for ${describeGoods(o.requested)}: ${STATUS_NAMES[Number(o.status)]}`,
        );
      }
    }
  });

withCommon("snatch:rooms", "Lists rooms: format, players, round and phase (newest first)")
  .addOptionalParam("last", "how many of the newest rooms", 20, types.int)
  .setAction(async (args: Common & { last: number }, hre) => {
    const { rooms, lens } = await contracts(hre, args);
    const count = Number(await rooms.roomCount());
    if (count === 0) console.log("no rooms yet (snatch:create)");
    const lines: string[] = [];
    for (let id = count; id >= 1 && id > count - args.last; id--) {
      const v = await lens.roomView(id);
      const seated = v.players.slice(0, Number(v.playerCount)).filter((p) => p !== ZeroAddress).length;
      const line =
        `room ${id}: format ${v.format} (${v.playerCount} players, ${seated} seated), ` +
        (Number(v.round) > 0 ? `round ${v.round}/${v.roundCount}: ${RULE_NAMES[Number(v.rules)]}, ` : "") +
        `phase: ${PHASE_NAMES[Number(v.phase)]}`;
      console.log(line);
      lines.push(line);
    }
    return lines;
  });
