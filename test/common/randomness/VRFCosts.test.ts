import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import { deployVrfStack, vrfConfig } from "../../../scripts/lib/common";
import { RandomnessStatus as Status } from "../../../client/chain";
import { Preset } from "../../../client/snatch/names";
import { deploySnatch } from "../../../scripts/snatch/lib";
import { deployCatamm } from "../../../scripts/catamm/deploy";
import { Phase } from "../../../client/catamm/game";

const FEE = 2n * 10n ** 15n; // 0.002 ETH per request, above what the mock charges for one (0.001 ETH + gas)
const SYBIL_ROOMS = 40;

// Paid randomness triggered for free: with Chainlink VRF, filling rooms with one's own accounts made the operator's
// subscription pay for every roles request. With a request fee, each request is paid from the credit of the player
// whose action asked for it, and forwarded to the subscription, so a sybil loop pays its own way.
describe("VRFRandomness: who pays for requests", function () {
  async function vrfRooms(requestFee: bigint) {
    const signers = await ethers.getSigners();
    // The subscription holds enough for about four requests of its own.
    const stack = await deployVrfStack(hre, { requestFee, baseFee: 10n ** 15n, nativeFunding: 5n * 10n ** 15n });
    if (requestFee === 0n) {
      // The old setting: native payment, but nothing charged to the players.
      const c = await stack.source.config();
      await stack.source.setConfig({ ...vrfConfig(c), nativePayment: true, requestFee: 0n });
    }
    const { rooms } = await deploySnatch(hre, await stack.source.getAddress());
    await stack.source.setConsumer(await rooms.getAddress(), true);
    const sybil = signers[18];
    const honest = [signers[1], signers[2]];
    return { ...stack, rooms, sybil, honest, signers };
  }
  const withFee = () => vrfRooms(FEE);
  const withoutFee = () => vrfRooms(0n);

  /** Fills `count` 2-player rooms, each with a fresh sybil account joining the sybil's room; fulfils every request. */
  async function sybilLoop(f: Awaited<ReturnType<typeof vrfRooms>>, count: number, credit: bigint) {
    const { coordinator, source, rooms, sybil } = f;
    for (let i = 0; i < count; i++) {
      const alt = ethers.Wallet.createRandom().connect(ethers.provider);
      await sybil.sendTransaction({ to: alt.address, value: 10n ** 16n });
      if (credit > 0n) await source.connect(alt).depositRequestCredit(alt.address, { value: credit });
      await rooms.connect(sybil).createRoom(Preset.G1, 1000, "");
      const roomId = await rooms.roomCount();
      await rooms.connect(alt).join(roomId, "");
      await coordinator.fulfillRandomWords(await rooms.rolesRequest(roomId), await source.getAddress());
    }
  }

  /** An honest room: fills (the joiner pays, if a fee is set), and the coordinator must be able to serve it. */
  async function honestRoom(f: Awaited<ReturnType<typeof vrfRooms>>) {
    const { coordinator, source, rooms, honest } = f;
    await rooms.connect(honest[0]).createRoom(Preset.G1, 1000, "");
    const roomId = await rooms.roomCount();
    await rooms.connect(honest[1]).join(roomId, "");
    const id = await rooms.rolesRequest(roomId);
    return { roomId, fulfil: () => coordinator.fulfillRandomWords(id, source.getAddress()), id };
  }

  it("without a fee, a sybil loop of 40 rooms drains the subscription and honest games go unserved (the old hole)", async function () {
    const f = await loadFixture(withoutFee);
    await expect(sybilLoop(f, SYBIL_ROOMS, 0n)).to.be.revertedWithCustomError(f.coordinator, "InsufficientBalance");
    const { fulfil } = await honestRoom(f);
    await expect(fulfil()).to.be.revertedWithCustomError(f.coordinator, "InsufficientBalance");
  });

  it("with a fee, sybils without credit cannot fill a room, and 40 paid sybil rooms cannot starve an honest one", async function () {
    const f = await loadFixture(withFee);
    const { coordinator, source, rooms, sybil, honest, subscriptionId } = f;
    // No credit: the join that fills the room (and asks for randomness) reverts; nothing is charged to anyone.
    const alt = f.signers[17];
    await rooms.connect(sybil).createRoom(Preset.G1, 1000, "");
    await expect(rooms.connect(alt).join(1, ""))
      .to.be.revertedWithCustomError(source, "InsufficientRequestCredit")
      .withArgs(alt.address, 0n, FEE);
    const before = (await coordinator.getSubscription(subscriptionId)).nativeBalance;
    // 40 sybil rooms, each paid by its own account's credit, all served.
    await sybilLoop(f, SYBIL_ROOMS, FEE);
    const after = (await coordinator.getSubscription(subscriptionId)).nativeBalance;
    // Every request brought in more than it cost: the subscription is richer, not drained.
    expect(after).to.be.greaterThan(before);
    // An honest room is still served (its joiner pays too).
    await source.connect(honest[1]).depositRequestCredit(honest[1].address, { value: FEE });
    const room = await honestRoom(f);
    await expect(room.fulfil()).to.emit(source, "RandomnessFulfilled");
    expect(await source.status(room.id)).to.equal(Status.Ready);
    await mine(1);
    await expect(rooms.advance(room.roomId)).to.emit(rooms, "RolesAssigned");
  });

  it("credit: deposited by anyone for anyone, debited per request, withdrawn only by its owner", async function () {
    const f = await loadFixture(withFee);
    const { source, rooms, honest, signers } = f;
    const [a, b] = honest;
    await expect(source.connect(signers[5]).depositRequestCredit(b.address, { value: 3n * FEE }))
      .to.emit(source, "RequestCreditDeposited")
      .withArgs(b.address, signers[5].address, 3n * FEE);
    await expect(source.depositRequestCredit(b.address)).to.be.revertedWithCustomError(source, "InvalidCreditAmount");
    await rooms.connect(a).createRoom(Preset.G1, 1000, "");
    await expect(rooms.connect(b).join(1, "")).to.emit(source, "RequestPaid").withArgs(anyId, b.address, FEE);
    expect(await source.requestCredit(b.address)).to.equal(2n * FEE);
    await expect(source.connect(b).withdrawRequestCredit(3n * FEE, b.address))
      .to.be.revertedWithCustomError(source, "InvalidCreditAmount")
      .withArgs(3n * FEE, 2n * FEE);
    await expect(source.connect(b).withdrawRequestCredit(2n * FEE, signers[6].address)).to.changeEtherBalances(
      [source, signers[6]],
      [-2n * FEE, 2n * FEE],
    );
    expect(await source.requestCredit(b.address)).to.equal(0n);
    // The owner has no call that moves anyone's credit (its calls: setConfig, setConsumer, ownership, coordinator).
  });

  it("a player without free credit freezes nothing and makes nobody else pay: its timed-out roll is paid from what it set aside", async function () {
    const f = await loadFixture(withFee);
    const { coordinator, source, signers } = f;
    const { game } = await deployCatamm(hre, await source.getAddress());
    await source.setConsumer(await game.getAddress(), true);
    const [creator, broke, keeper] = [signers[3], signers[4], signers[5]];
    const TURN = 10;
    const HELD = 16n * FEE; // what every CATAMM player sets aside on joining (Catamm.credit.test.ts)
    await source.connect(creator).depositRequestCredit(creator.address, { value: HELD + 4n * FEE });
    await source.connect(broke).depositRequestCredit(broke.address, { value: HELD });
    await source.connect(keeper).depositRequestCredit(keeper.address, { value: 4n * FEE });
    await game.connect(creator).createGame(100, 0, TURN, 1000);
    await game.connect(broke).joinGame(1);
    expect(await source.requestCredit(broke.address)).to.equal(0n);
    // The start is the creator's action: the creator pays.
    await expect(game.connect(creator).startGame(1))
      .to.emit(source, "RequestPaid")
      .withArgs(anyId, creator.address, FEE);
    await coordinator.fulfillRandomWords((await game.gameInfo(1)).requestId, await source.getAddress());
    await game.connect(keeper).advance(1);
    // The draft, every pick timed out and placed by the keeper's advance (no randomness: nothing to pay).
    while ((await game.gameInfo(1)).phase === BigInt(Phase.Setup)) {
      await mine(TURN + 1);
      await game.connect(keeper).advance(1);
    }
    // The broke player's turn (or the creator's, rolled from the creator's own share, then the broke one's).
    if ((await game.gameInfo(1)).currentSeat !== (await game.playerInfo(1, broke.address)).seat) {
      await mine(TURN + 1);
      await game.connect(keeper).advance(1);
      await coordinator.fulfillRandomWords((await game.gameInfo(1)).requestId, await source.getAddress());
      await game.connect(keeper).advance(1); // the roll is served and the absent creator's turn ends
    }
    expect((await game.gameInfo(1)).phase).to.equal(BigInt(Phase.BeforeRoll));
    // Without free credit the broke player cannot roll; nothing changes and nobody is charged.
    const creditsBefore = await Promise.all([creator, keeper].map((a) => source.requestCredit(a.address)));
    await expect(game.connect(broke).rollDice(1))
      .to.be.revertedWithCustomError(source, "InsufficientRequestCredit")
      .withArgs(broke.address, 0n, FEE);
    // The other players wait only for the deadline: then anyone rolls for the absent player, from its own share.
    await expect(game.connect(keeper).advance(1)).to.be.revertedWithCustomError(game, "DeadlineNotReached");
    await mine(TURN + 1);
    await expect(game.connect(keeper).advance(1))
      .to.emit(source, "RequestPaid")
      .withArgs(anyId, await game.getAddress(), FEE)
      .and.to.emit(game, "RequestCreditCharged")
      .withArgs(1, broke.address, FEE);
    expect(await Promise.all([creator, keeper].map((a) => source.requestCredit(a.address)))).to.deep.equal(
      creditsBefore,
    );
    await coordinator.fulfillRandomWords((await game.gameInfo(1)).requestId, await source.getAddress());
    await expect(game.connect(keeper).advance(1)).to.emit(game, "DiceRolled");
  });
});

/** Matches any request id. */
function anyId(): boolean {
  return true;
}
