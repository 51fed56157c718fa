// SeatFunder: one transaction funds a class's seats; topUp resumes an interrupted funding without paying twice; a seat
// that refuses ETH does not stop the others (its amount is held until it pulls it); nothing else is ever held; bad
// input reverts with its error and moves nothing.
import { expect } from "chai";
import { ethers, deployments } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";
import { Wallet, parseEther } from "ethers";
import type { SeatFunder } from "../../../typechain-types";
import { describeError } from "../../../client/errors";

async function funderFixture() {
  const [teacher, other] = await ethers.getSigners();
  const funder = (await ethers.deployContract("SeatFunder")) as unknown as SeatFunder;
  // Fresh burner accounts, as the class sheet makes them.
  const seats = Array.from({ length: 30 }, () => Wallet.createRandom().address);
  return { teacher, other, funder, seats };
}

/** RefusingSeat.Mode. */
const Mode = { Accept: 0, Revert: 1, BurnGas: 2 } as const;

const balances = (accounts: string[]) => Promise.all(accounts.map((a) => ethers.provider.getBalance(a)));

describe("SeatFunder", function () {
  it("funds 30 seats in one transaction: each gets the amount, one event per seat, nothing is held", async function () {
    const { teacher, funder, seats } = await loadFixture(funderFixture);
    const each = parseEther("0.05");
    const tx = funder.connect(teacher).fund(seats, each, { value: each * 30n });
    await expect(tx).to.changeEtherBalances([teacher, ...seats], [-each * 30n, ...seats.map(() => each)]);
    for (const seat of [seats[0], seats[29]]) {
      await expect(tx).to.emit(funder, "SeatFunded").withArgs(teacher.address, seat, each);
    }
    const receipt = await (await tx).wait();
    expect(receipt!.logs.length).to.equal(30);
    expect(await ethers.provider.getBalance(await funder.getAddress())).to.equal(0n);
  });

  it("refuses a wrong value, an empty or oversized list, a zero seat or amount, and moves nothing", async function () {
    const { teacher, funder, seats } = await loadFixture(funderFixture);
    const each = parseEther("0.01");
    const max = Number(await funder.MAX_SEATS());
    expect(max).to.equal(256);
    await expect(funder.fund(seats, each, { value: each * 30n - 1n }))
      .to.be.revertedWithCustomError(funder, "WrongFundingValue")
      .withArgs(each * 30n - 1n, each * 30n);
    await expect(funder.fund(seats, each, { value: each * 31n }))
      .to.be.revertedWithCustomError(funder, "WrongFundingValue")
      .withArgs(each * 31n, each * 30n);
    await expect(funder.fund([], each)).to.be.revertedWithCustomError(funder, "NoSeats");
    const many = Array.from({ length: max + 1 }, (_, i) =>
      ethers.getAddress(`0x${(i + 1).toString(16).padStart(40, "0")}`),
    );
    await expect(funder.fund(many, 1n, { value: BigInt(max + 1) }))
      .to.be.revertedWithCustomError(funder, "TooManySeats")
      .withArgs(max + 1, max);
    await expect(funder.fund([seats[0], ethers.ZeroAddress], each, { value: each * 2n }))
      .to.be.revertedWithCustomError(funder, "ZeroSeat")
      .withArgs(1);
    await expect(funder.fund(seats, 0n)).to.be.revertedWithCustomError(funder, "ZeroFundingAmount");
    await expect(funder.topUp(seats, 0n)).to.be.revertedWithCustomError(funder, "ZeroFundingAmount");
    expect((await balances(seats)).every((b) => b === 0n)).to.equal(true);
    // Each refusal reads as a sentence naming its values.
    const err = await funder
      .connect(teacher)
      .fund(seats, each, { value: parseEther("0.1") })
      .catch((e: unknown) => e);
    expect(describeError(err).message).to.equal("funding these seats takes exactly 0.3 ETH, but 0.1 ETH was sent");
  });

  it("a seat that refuses ETH does not stop the batch: its amount is held, the others are paid", async function () {
    const { teacher, funder, seats } = await loadFixture(funderFixture);
    // Seats whose accounts run code (EIP-7702 lets any key's account do so): one reverts, one burns all its gas.
    const reverter = await ethers.deployContract("RefusingSeat", [Mode.Revert]);
    const burner = await ethers.deployContract("RefusingSeat", [Mode.BurnGas]);
    const accepter = await ethers.deployContract("RefusingSeat", [Mode.Accept]);
    const [r, b, a] = await Promise.all([reverter, burner, accepter].map((c) => c.getAddress()));
    const list = [seats[0], r, seats[1], b, a, seats[2]];
    const each = parseEther("0.05");
    const tx = funder.connect(teacher).fund(list, each, { value: each * 6n });
    await expect(tx).to.changeEtherBalances(
      [teacher, seats[0], seats[1], seats[2], a, r, b, funder],
      [-each * 6n, each, each, each, each, 0n, 0n, each * 2n],
    );
    for (const seat of [seats[0], seats[1], seats[2], a]) {
      await expect(tx).to.emit(funder, "SeatFunded").withArgs(teacher.address, seat, each);
    }
    for (const seat of [r, b])
      await expect(tx).to.emit(funder, "SeatFundingHeld").withArgs(teacher.address, seat, each);
    expect(await funder.held(r)).to.equal(each);
    expect(await funder.held(b)).to.equal(each);
    expect(await funder.held(seats[0])).to.equal(0n);
    // What is held counts as the seat's: resuming the funding pays neither refusing seat twice.
    expect(await funder.shortfall(list, each)).to.deep.equal([0n, 0n]);
    await expect(funder.connect(teacher).topUp(list, each, { value: each })).to.changeEtherBalance(teacher, 0n);
    // The gas-burning seat cost the batch a bounded amount: SEND_GAS and the transfer's 2,300, not the whole batch.
    const burnOnly = await funder.connect(teacher).fund.estimateGas([b], each, { value: each });
    expect(burnOnly).to.be.lessThan(21_000n + (await funder.SEND_GAS()) + 2_300n + 40_000n);
  });

  it("a refusing seat pulls what is held for it, to any account or to itself once it accepts ETH", async function () {
    const { teacher, other, funder, seats } = await loadFixture(funderFixture);
    const seat = await ethers.deployContract("RefusingSeat", [Mode.Revert]);
    const address = await seat.getAddress();
    await funder.connect(teacher).fund([address, seats[0]], 100n, { value: 200n });
    await funder.connect(teacher).topUp([address], 150n, { value: 50n }); // held 100 + 50 more held
    expect(await funder.held(address)).to.equal(150n);
    // Pulled to another account (the seat still refuses ETH itself).
    const pull = seat.pull(await funder.getAddress(), other.address);
    await expect(pull).to.changeEtherBalances([other, funder], [150n, -150n]);
    await expect(pull).to.emit(funder, "HeldFundsWithdrawn").withArgs(address, other.address, 150n);
    expect(await funder.held(address)).to.equal(0n);
    // Nothing left: refused, with a sentence.
    await expect(seat.pull(await funder.getAddress(), other.address))
      .to.be.revertedWithCustomError(funder, "NothingHeld")
      .withArgs(address);
    // Held again, then pulled to itself once it accepts ETH.
    await funder.connect(teacher).fund([address], 70n, { value: 70n });
    await seat.setMode(Mode.Accept);
    await expect(seat.pull(await funder.getAddress(), address)).to.changeEtherBalance(seat, 70n);
    // No withdrawal to the zero address or to the funder.
    await funder.connect(teacher).fund([address], 5n, { value: 5n });
    await seat.setMode(Mode.Revert);
    await funder.connect(teacher).fund([address], 5n, { value: 5n });
    for (const to of [ethers.ZeroAddress, await funder.getAddress()]) {
      await expect(seat.pull(await funder.getAddress(), to))
        .to.be.revertedWithCustomError(funder, "InvalidRecipient")
        .withArgs(to);
    }
    expect(await funder.held(address)).to.equal(5n);
    const err = await funder
      .connect(other)
      .withdraw(other.address)
      .catch((e: unknown) => e);
    expect(describeError(err).message).to.equal(
      "nothing is held for 0x7099…79C8: it received every payment sent to it",
    );
    expect(other.address).to.match(/^0x7099.*79C8$/);
    expect(await ethers.provider.getBalance(await funder.getAddress())).to.equal(5n);
  });

  it("topUp resumes an interrupted funding: only what the seats lack is sent, the rest comes back", async function () {
    const { teacher, funder, seats } = await loadFixture(funderFixture);
    const target = parseEther("0.05");
    // The teacher's tab closed after the first 12 seats were funded; one seat has since spent some.
    await funder.fund(seats.slice(0, 12), target, { value: target * 12n });
    const [shortBefore, countBefore] = await funder.shortfall(seats, target);
    expect(countBefore).to.equal(18n);
    expect(shortBefore).to.equal(target * 18n);
    const tx = funder.connect(teacher).topUp(seats, target, { value: target * 30n });
    await expect(tx).to.changeEtherBalances(
      [teacher, ...seats],
      [-target * 18n, ...seats.map((_, i) => (i < 12 ? 0n : target))],
    );
    expect((await (await tx).wait())!.logs.length).to.equal(18);
    expect(await funder.shortfall(seats, target)).to.deep.equal([0n, 0n]);
    // Again: nothing to send, everything comes back.
    await expect(funder.topUp(seats, target, { value: target })).to.changeEtherBalance(teacher, 0n);
    // Too little for what they lack: refused.
    await expect(funder.topUp(seats, target * 2n, { value: target * 30n - 1n }))
      .to.be.revertedWithCustomError(funder, "InsufficientFunding")
      .withArgs(target * 30n - 1n, target * 30n);
    expect(await ethers.provider.getBalance(await funder.getAddress())).to.equal(0n);
  });

  it("topUp brings any balances to the target exactly and holds nothing (property)", async function () {
    const { teacher, funder } = await loadFixture(funderFixture);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.bigInt({ min: 0n, max: 3000n }), { minLength: 1, maxLength: 8 }),
        fc.bigInt({ min: 1n, max: 2000n }),
        fc.bigInt({ min: 0n, max: 500n }),
        async (start, target, extra) => {
          const seats = start.map(() => Wallet.createRandom().address);
          for (const [i, seat] of seats.entries()) {
            if (start[i] > 0n) await teacher.sendTransaction({ to: seat, value: start[i] });
          }
          const [needed] = await funder.shortfall(seats, target);
          expect(needed).to.equal(start.reduce((sum, b) => sum + (b < target ? target - b : 0n), 0n));
          const before = await ethers.provider.getBalance(teacher.address);
          const receipt = await (await funder.topUp(seats, target, { value: needed + extra })).wait();
          const gas = receipt!.gasUsed * receipt!.gasPrice;
          expect(await ethers.provider.getBalance(teacher.address)).to.equal(before - needed - gas);
          const after = await balances(seats);
          after.forEach((b, i) => expect(b).to.equal(start[i] < target ? target : start[i]));
          expect(await ethers.provider.getBalance(await funder.getAddress())).to.equal(0n);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("a seat listed twice is topped up once; the excess comes back", async function () {
    const { teacher, funder, seats } = await loadFixture(funderFixture);
    const list = [seats[0], seats[1], seats[0]];
    const [needed] = await funder.shortfall(list, 100n);
    expect(needed).to.equal(300n);
    await expect(funder.connect(teacher).topUp(list, 100n, { value: needed })).to.changeEtherBalances(
      [teacher, seats[0], seats[1]],
      [-200n, 100n, 100n],
    );
  });

  it("is deployed by deploy/ on every network (tag class)", async function () {
    await deployments.fixture(["class"]);
    const deployed = await deployments.get("SeatFunder");
    const funder = await ethers.getContractAt("SeatFunder", deployed.address);
    expect(await funder.MAX_SEATS()).to.equal(256n);
  });
});
