import type { HardhatRuntimeEnvironment } from "hardhat/types";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { ContractTransactionResponse } from "ethers";
import type { IRandomness, SnatchRooms, SnatchRoomsLens } from "../../typechain-types";
import { waitForRandomness } from "../../client/chain";
import { deployCommon } from "../lib/common";
import { heading, step } from "../lib/log";
import { deploySnatch } from "../snatch/lib";
import { DEFAULT_FILL_BLOCKS, describeGoods, Good, goods, Preset, RULE_NAMES } from "../../client/snatch/names";
import { eventArg } from "../../client/snatch/room";

type Player = HardhatEthersSigner & { name: string };

interface Table {
  hre: HardhatRuntimeEnvironment;
  rooms: SnatchRooms;
  lens: SnatchRoomsLens;
}

function named(signer: HardhatEthersSigner, name: string): Player {
  return Object.assign(signer, { name });
}

async function mine(hre: HardhatRuntimeEnvironment, blocks: number) {
  await hre.network.provider.send("hardhat_mine", ["0x" + blocks.toString(16)]);
}

/** Creates a room, seats the players, waits for the roles randomness and starts round 1. */
async function openRoom(t: Table, format: number, players: Player[]): Promise<bigint> {
  const roomId = await eventArg(
    t.rooms,
    await t.rooms.connect(players[0]).createRoom(format, DEFAULT_FILL_BLOCKS, players[0].name),
    "RoomCreated",
    "roomId",
  );
  let request = 0n;
  for (const p of players.slice(1)) {
    const tx = await t.rooms.connect(p).join(roomId, p.name); // each seat carries its name (PlayerJoined)
    if (p === players.at(-1)) request = await eventArg(t.rooms, tx, "RolesRequested", "requestId");
  }
  const source = (await t.hre.ethers.getContractAt(
    "IRandomness",
    await t.rooms.randomness(),
  )) as unknown as IRandomness;
  await waitForRandomness(source, request, t.hre.ethers.provider);
  await t.rooms.advance(roomId);
  return roomId;
}

/** The players by role: roleOf[good] = player. */
async function byRole(t: Table, roomId: bigint, players: Player[]): Promise<Record<number, Player>> {
  const v = await t.lens.roomView(roomId);
  const out: Record<number, Player> = {};
  players.forEach((p, seat) => (out[Number(v.roles[seat])] = p));
  return out;
}

async function standings(t: Table, roomId: bigint, players: Player[]): Promise<string> {
  const v = await t.lens.roomView(roomId);
  return players
    .map(
      (p, s) =>
        `${p.name} ${describeGoods(v.free[s].map((x, g) => Number(x) + Number(v.escrow[s][g])))} = ${v.points[s]} pts`,
    )
    .join("; ");
}

async function offerId(t: Table, tx: ContractTransactionResponse): Promise<bigint> {
  return eventArg(t.rooms, tx, "OfferMade", "offerId");
}

async function roundLine(t: Table, roomId: bigint): Promise<string> {
  const v = await t.lens.roomView(roomId);
  return `round ${v.round}: ${RULE_NAMES[Number(v.rules)]}`;
}

async function everyoneDone(t: Table, roomId: bigint, players: Player[]) {
  for (const p of players) {
    const v = await t.lens.roomView(roomId);
    const seat = players.indexOf(p);
    if (!v.done[seat]) await t.rooms.connect(p).done(roomId);
  }
}

/** Tries a call the rules forbid and prints the contract's refusal. */
async function refused(what: string, call: Promise<unknown>) {
  try {
    await call;
    step(`${what}: accepted?!`);
  } catch (e) {
    const name = ((e as Error).message.match(/custom error '([A-Za-z]+)/) ?? [])[1] ?? "reverted";
    step(`${what} → refused by the contract (${name})`);
  }
}

async function threePlayers(t: Table, cast: Player[]) {
  heading("Snatch or Share: 3 players, 5 rounds of changing governance");
  const roomId = await openRoom(t, Preset.SnatchOrShare, cast);
  const role = await byRole(t, roomId, cast);
  const turkey = role[Good.Turkey];
  const coffee = role[Good.Coffee];
  const corn = role[Good.Corn];
  step(`roles drawn at random: ${turkey.name} produces turkey, ${coffee.name} coffee, ${corn.name} corn (5 each)`);
  step("points = own good x 1 + every other good x 2, so trading pays, and snatching pays more");
  const { rooms } = t;

  step(await roundLine(t, roomId));
  let id = await offerId(
    t,
    await rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 2 }), goods({ coffee: 2 })),
  );
  await rooms.connect(coffee).accept(roomId, id);
  step(`${turkey.name} offers 2 turkey for 2 coffee; ${coffee.name} accepts: both gain 2 points`);
  id = await offerId(
    t,
    await rooms.connect(corn).offer(roomId, turkey.address, goods({ corn: 2 }), goods({ turkey: 2 })),
  );
  await rooms.connect(turkey).snatch(roomId, id);
  step(`${corn.name} offers 2 corn for 2 turkey; ${turkey.name} SNATCHES the corn and gives nothing`);
  await everyoneDone(t, roomId, cast);
  step(`everyone says done: ${await standings(t, roomId, cast)}`);

  step(await roundLine(t, roomId));
  id = await offerId(
    t,
    await rooms.connect(corn).offer(roomId, coffee.address, goods({ corn: 1 }), goods({ coffee: 1 })),
  );
  await rooms.connect(coffee).reject(roomId, id);
  step(`${corn.name}, burned once, offers only 1 corn for 1 coffee; ${coffee.name} rejects: nobody trusts anybody`);
  await everyoneDone(t, roomId, cast);

  step(await roundLine(t, roomId));
  id = await offerId(
    t,
    await rooms.connect(turkey).offer(roomId, corn.address, goods({ turkey: 1 }), goods({ corn: 3 })),
  );
  await refused(
    `${corn.name} tries to reject ${turkey.name}'s greedy 1 turkey for 3 corn`,
    rooms.connect(corn).reject(roomId, id),
  );
  id = await offerId(
    t,
    await rooms.connect(coffee).offer(roomId, turkey.address, goods({ coffee: 1 }), goods({ turkey: 1 })),
  );
  await rooms.connect(turkey).snatch(roomId, id);
  step(`${turkey.name} snatches ${coffee.name}'s coffee too: "all offers must be accepted" does not stop snatching`);
  await rooms.connect(coffee).done(roomId);
  id = await offerId(
    t,
    await rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 1 }), goods({ coffee: 2 })),
  );
  if ((await t.lens.roomView(roomId)).done[cast.indexOf(coffee)]) throw new Error("the offer kept the done");
  await rooms.connect(turkey).cancel(roomId, id);
  step(
    `${coffee.name} says done; ${turkey.name} then offers ${coffee.name} 1 turkey for 2 coffee: ${coffee.name} is no ` +
      `longer done, so the round cannot close on an offer ${coffee.name} has not seen (${turkey.name} cancels it)`,
  );
  await everyoneDone(t, roomId, cast);
  step(`at the close the greedy offer executes as accepted: ${await standings(t, roomId, cast)}`);

  step(await roundLine(t, roomId));
  await rooms.connect(coffee).shame(roomId, turkey.address);
  await rooms.connect(corn).shame(roomId, turkey.address);
  step(`${coffee.name} and ${corn.name} each give ${turkey.name} a shame token (2 tokens)`);
  id = await offerId(
    t,
    await rooms.connect(corn).offer(roomId, coffee.address, goods({ turkey: 1 }), goods({ coffee: 1 })),
  );
  await rooms.connect(coffee).accept(roomId, id);
  step(`${corn.name} and ${coffee.name} trade 1 turkey for 1 coffee`);
  await everyoneDone(t, roomId, cast);

  const burned = (await rooms.queryFilter(rooms.filters.ShamePenaltyApplied(roomId), -1))[0];
  step(await roundLine(t, roomId));
  step(
    `${turkey.name} starts the round with 2 shame tokens: burns ${describeGoods(burned.args.burned)} and may only respond`,
  );
  const v = await t.lens.roomView(roomId);
  const judge = cast[Number(v.judge)];
  step(`${judge.name} is the judge (seat drawn from the room's random seed); the judge trades but may not snatch`);
  await refused(
    `${turkey.name} tries to make an offer`,
    rooms.connect(turkey).offer(roomId, coffee.address, goods({ turkey: 1 }), goods({})),
  );
  // The victim: a player who may still offer and is not the judge; the snatcher: the other non-judge.
  const others = cast.filter((p) => p !== judge);
  const victim = others.find((p) => p !== turkey) ?? others[0];
  const snatcher = others.find((p) => p !== victim)!;
  // The victim offers up to 2 of what it holds most of, as a gift.
  const held = v.free[cast.indexOf(victim)].map(Number);
  const best = held.indexOf(Math.max(...held));
  const gift: [bigint, bigint, bigint] = [0n, 0n, 0n];
  gift[best] = BigInt(Math.min(2, held[best]));
  id = await offerId(t, await rooms.connect(victim).offer(roomId, snatcher.address, gift, goods({})));
  await rooms.connect(snatcher).snatch(roomId, id);
  await rooms.connect(victim).report(roomId, id);
  step(
    `${victim.name} offers ${describeGoods(gift)}; ${snatcher.name} snatches it; ${victim.name} reports it to the judge`,
  );
  await everyoneDone(t, roomId, cast);
  const confirm = await rooms.connect(judge).confirmReport(roomId, id, true);
  const c = (await rooms.queryFilter(rooms.filters.ReportConfirmed(roomId), confirm.blockNumber!))[0];
  step(
    `trading closes; the judge confirms: ${snatcher.name} returns ${describeGoods(c.args.returned)} and forfeits ` +
      `${describeGoods(c.args.forfeited)} to ${victim.name}; suspension requested, ` +
      `${c.args.suspensionEffective ? "effective next round" : "void: this is the last round"}`,
  );
  await rooms.connect(judge).done(roomId);
  const [, , points] = await rooms.roomResult(roomId);
  step(`final: ${cast.map((p, s) => `${p.name} ${points[s]}`).join(", ")} points`);
}

async function variants(t: Table, dana: Player, eli: Player) {
  heading("SnatchGame: one pair plays G1..G5 (3 rounds each, P1 10 turkeys, P2 10 corn)");
  const { rooms, hre } = t;
  const window = 21; // one block past a 20-block window
  for (const format of [Preset.G1, Preset.G2, Preset.G3, Preset.G4, Preset.G5]) {
    const roomId = await openRoom(t, format, [dana, eli]);
    const role = await byRole(t, roomId, [dana, eli]);
    const p1 = role[Good.Turkey];
    const p2 = role[Good.Corn];
    const g = format - 1;
    step(`G${g} (${RULE_NAMES[format + 3]}): ${p1.name} is P1, ${p2.name} is P2 (drawn at random)`);
    const offer = async (give: number, want: number) =>
      offerId(t, await rooms.connect(p1).offer(roomId, p2.address, goods({ turkey: give }), goods({ corn: want })));
    if (g === 1) {
      await rooms.connect(p2).accept(roomId, await offer(5, 5));
      step("  round 1: P1 offers 5 turkeys for 5 corn, P2 accepts (both 15 points)");
      await rooms.connect(p2).snatch(roomId, await offer(3, 3));
      step("  round 2: P1 offers 3 for 3, P2 snatches");
      await rooms.connect(p1).pass(roomId);
      step("  round 3: P1, burned, makes no offer");
    } else if (g === 2) {
      await refused(
        "  round 1: P1 tries not to offer, but P2's force is on by default",
        rooms.connect(p1).pass(roomId),
      );
      await rooms.connect(p2).accept(roomId, await offer(2, 2));
      step("  P1 makes the forced offer (2 for 2), P2 accepts");
      await rooms.connect(p2).setForce(roomId, false);
      await rooms.connect(p1).pass(roomId);
      step("  round 2: P2 lifts the force, P1 passes");
      await mine(hre, window);
      await rooms.connect(p2).advance(roomId);
      step(
        `  round 3: forced again, P1 stays silent until the window closes: recorded as a refusal (${(await rooms.roomStats(roomId)).refusals})`,
      );
    } else if (g === 3) {
      await rooms.connect(p2).snatch(roomId, await offer(4, 4));
      await rooms.connect(p1).shame(roomId, p2.address);
      step(
        `  round 1: P2 snatches 4 turkeys; P1 shames P2: ${p2.name}'s profile shame is now ${(await rooms.profileOf(p2.address)).g3Shame}`,
      );
      await rooms.connect(p2).accept(roomId, await offer(2, 2));
      step("  round 2: P1 offers 2 for 2, P2 accepts");
      await rooms.connect(p1).pass(roomId);
      step("  round 3: P1 passes");
    } else if (g === 4) {
      const id = await offer(4, 6);
      await rooms.connect(p2).snatch(roomId, id);
      const tx = await rooms.connect(p1).report(roomId, id);
      const r = (await rooms.queryFilter(rooms.filters.SnatchReversed(roomId), tx.blockNumber!))[0];
      step(
        `  round 1: P1 offers 4 turkeys for 6 corn, P2 snatches, P1 reports: the automatic judge returns ` +
          `${describeGoods(r.args.returned)} and P1 receives the request, ${describeGoods(r.args.sanction)}, for nothing (inverse sanction)`,
      );
      await rooms.connect(p2).accept(roomId, await offer(3, 3));
      step("  round 2: P1 offers 3 for 3, P2 accepts");
      await rooms.connect(p1).pass(roomId);
      step("  round 3: P1 passes");
    } else {
      await rooms.connect(p2).talk(roomId, "Offer me 5 turkeys and I will give you 5 corn.");
      await rooms.connect(p1).talk(roomId, "Deal.");
      await rooms.connect(p2).done(roomId);
      step('  round 1 talk: P2 "Offer me 5 turkeys and I will give you 5 corn." P1 "Deal." P2 is done talking');
      await rooms.connect(p2).snatch(roomId, await offer(5, 5));
      step("  P1 offers 5 for 5 (P2 was done: the offer ends the talk); P2 snatches: cheap talk binds nobody");
      await mine(hre, window);
      await rooms.connect(p1).pass(roomId);
      step("  round 2: nobody talks, the talk window expires; P1 passes");
      await mine(hre, 2 * window);
      await rooms.connect(p1).advance(roomId);
      step("  round 3: silence; the talk and offer windows expire with their defaults (no offer)");
    }
    const [finished, seated, points] = await rooms.roomResult(roomId);
    const line = seated.slice(0, 2).map((a, s) => `${a === dana.address ? dana.name : eli.name} ${points[s]}`);
    step(`  ${finished ? "final" : "not finished?!"}: ${line.join(", ")} points`);
  }
  step(
    `${eli.name}'s profile G3 shame: ${(await rooms.profileOf(eli.address)).g3Shame}, ${dana.name}'s: ${(await rooms.profileOf(dana.address)).g3Shame} (kept across rooms)`,
  );
}

/** Deploys the rooms and plays one 3-player game and one pair through G1..G5 with scripted players. */
export async function demoSnatch(hre: HardhatRuntimeEnvironment): Promise<void> {
  const { randomness } = await deployCommon(hre);
  const { rooms, lens } = await deploySnatch(hre, await randomness.getAddress());
  const t: Table = { hre, rooms, lens };
  const s = await hre.ethers.getSigners();
  await threePlayers(t, [named(s[1], "Ana"), named(s[2], "Ben"), named(s[3], "Cleo")]);
  await variants(t, named(s[4], "Dana"), named(s[5], "Eli"));
}
