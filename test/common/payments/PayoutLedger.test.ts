import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, setBalance } from "@nomicfoundation/hardhat-network-helpers";
import fc from "fast-check";

const ETH = ethers.ZeroAddress;

describe("PayoutLedger", function () {
  async function deployFixture() {
    const [owner, fund, alice, bob, stranger] = await ethers.getSigners();
    const feeConfig = await ethers.deployContract("FeeConfig", [owner.address, fund.address, 300]);
    const ledger = await ethers.deployContract("PayoutLedgerHarness", [await feeConfig.getAddress()]);
    const token = await ethers.deployContract("MockERC20", ["Stake", "STK"]);
    const taxed = await ethers.deployContract("FeeOnTransferERC20", [0]);
    for (const s of [alice, bob]) {
      await token.mint(s.address, 10n ** 24n);
      await token.connect(s).approve(await ledger.getAddress(), ethers.MaxUint256);
      await taxed.mint(s.address, 10n ** 24n);
      await taxed.connect(s).approve(await ledger.getAddress(), ethers.MaxUint256);
    }
    return { feeConfig, ledger, token, taxed, owner, fund, alice, bob, stranger };
  }

  describe("stake intake", function () {
    it("takes ETH of exactly the stake", async function () {
      const { ledger, alice } = await loadFixture(deployFixture);
      await expect(ledger.connect(alice).deposit(ETH, 100, alice.address, { value: 99 }))
        .to.be.revertedWithCustomError(ledger, "WrongEthAmount")
        .withArgs(99, 100);
      await expect(ledger.connect(alice).deposit(ETH, 100, alice.address, { value: 100 }))
        .to.emit(ledger, "Credited")
        .withArgs(ETH, alice.address, 100);
      expect(await ledger.credits(ETH, alice.address)).to.equal(100n);
    });

    it("pulls an ERC-20 and rejects ETH sent with it", async function () {
      const { ledger, token, alice } = await loadFixture(deployFixture);
      const t = await token.getAddress();
      await expect(ledger.connect(alice).deposit(t, 100, alice.address, { value: 1 }))
        .to.be.revertedWithCustomError(ledger, "UnexpectedEth")
        .withArgs(1);
      await expect(ledger.connect(alice).deposit(t, 100, alice.address)).to.changeTokenBalances(
        token,
        [alice, ledger],
        [-100, 100],
      );
      expect(await ledger.credits(t, alice.address)).to.equal(100n);
    });

    it("rejects a fee-on-transfer token whenever it charges", async function () {
      const { ledger, taxed, alice } = await loadFixture(deployFixture);
      const t = await taxed.getAddress();
      await ledger.connect(alice).deposit(t, 1000, alice.address); // no fee yet: accepted
      await taxed.setFeeBps(100);
      await expect(ledger.connect(alice).deposit(t, 1000, alice.address))
        .to.be.revertedWithCustomError(ledger, "TransferAmountMismatch")
        .withArgs(t, 1000, 990);
      expect(await ledger.credits(t, alice.address)).to.equal(1000n);
    });
  });

  describe("withdrawals", function () {
    it("pays all ETH credits once; a second claim has nothing to withdraw", async function () {
      const { ledger, alice } = await loadFixture(deployFixture);
      await ledger.connect(alice).deposit(ETH, 500, alice.address, { value: 500 });
      await expect(ledger.connect(alice).withdraw(ETH)).to.changeEtherBalances([alice, ledger], [500, -500]);
      await expect(ledger.connect(alice).withdraw(ETH))
        .to.be.revertedWithCustomError(ledger, "NothingToWithdraw")
        .withArgs(ETH, alice.address);
    });

    it("pays ERC-20 credits to another address with withdrawTo", async function () {
      const { ledger, token, alice, bob } = await loadFixture(deployFixture);
      const t = await token.getAddress();
      await ledger.connect(alice).deposit(t, 700, alice.address);
      const tx = ledger.connect(alice).withdrawTo(t, bob.address);
      await expect(tx).to.emit(ledger, "Withdrawn").withArgs(t, alice.address, bob.address, 700);
      await expect(tx).to.changeTokenBalances(token, [bob, ledger], [700, -700]);
      expect(await ledger.credits(t, alice.address)).to.equal(0n);
      await expect(ledger.connect(alice).withdrawTo(t, ethers.ZeroAddress))
        .to.be.revertedWithCustomError(ledger, "InvalidRecipient")
        .withArgs(ethers.ZeroAddress);
      await ledger.connect(alice).deposit(t, 5, alice.address);
      await expect(ledger.connect(alice).withdrawTo(t, await ledger.getAddress()))
        .to.be.revertedWithCustomError(ledger, "InvalidRecipient")
        .withArgs(await ledger.getAddress());
      expect(await ledger.credits(t, alice.address)).to.equal(5n);
    });

    it("blocks re-entrant withdrawals", async function () {
      const { ledger, alice } = await loadFixture(deployFixture);
      const attacker = await ethers.deployContract("ReentrantReceiver", [await ledger.getAddress()]);
      await ledger.connect(alice).deposit(ETH, 300, await attacker.getAddress(), { value: 300 });
      await ledger.connect(alice).deposit(ETH, 300, alice.address, { value: 300 });
      await attacker.attack();
      expect(await attacker.reentered()).to.equal(true);
      expect(ledger.interface.parseError(await attacker.reentryError())?.name).to.equal("ReentrancyGuardReentrantCall");
      expect(await ethers.provider.getBalance(await attacker.getAddress())).to.equal(300n);
      expect(await ethers.provider.getBalance(await ledger.getAddress())).to.equal(300n);
    });
  });

  describe("developer fund", function () {
    it("is withdrawn by the current recipient only, who may change", async function () {
      const { ledger, feeConfig, fund, alice, stranger } = await loadFixture(deployFixture);
      await expect(ledger.connect(alice).depositToFund(ETH, 40, { value: 40 }))
        .to.emit(ledger, "FundCredited")
        .withArgs(ETH, 40);
      expect(await ledger.fundCredits(ETH)).to.equal(40n);
      await expect(ledger.connect(stranger).withdrawFund(ETH))
        .to.be.revertedWithCustomError(ledger, "NotFundRecipient")
        .withArgs(stranger.address, fund.address);
      await feeConfig.setFundRecipient(stranger.address);
      await expect(ledger.connect(fund).withdrawFund(ETH))
        .to.be.revertedWithCustomError(ledger, "NotFundRecipient")
        .withArgs(fund.address, stranger.address);
      const tx = ledger.connect(stranger).withdrawFund(ETH);
      await expect(tx).to.emit(ledger, "FundWithdrawn").withArgs(ETH, stranger.address, 40);
      await expect(tx).to.changeEtherBalance(stranger, 40);
      await expect(ledger.connect(stranger).withdrawFund(ETH))
        .to.be.revertedWithCustomError(ledger, "NothingToWithdraw")
        .withArgs(ETH, stranger.address);
    });

    it("reads the fee from the config (games copy it at creation)", async function () {
      const { ledger, feeConfig } = await loadFixture(deployFixture);
      expect(await ledger.currentFeeBps()).to.equal(300n);
      await feeConfig.setFeeBps(10);
      expect(await ledger.currentFeeBps()).to.equal(10n);
    });

    it("the config owner cannot touch a player's credits", async function () {
      const { ledger, owner, alice } = await loadFixture(deployFixture);
      await ledger.connect(alice).deposit(ETH, 100, alice.address, { value: 100 });
      await expect(ledger.connect(owner).withdraw(ETH)).to.be.revertedWithCustomError(ledger, "NothingToWithdraw");
      await expect(ledger.connect(owner).withdrawFund(ETH)).to.be.revertedWithCustomError(ledger, "NotFundRecipient");
      expect(await ledger.credits(ETH, alice.address)).to.equal(100n);
    });
  });

  describe("sweeping what is not owed", function () {
    for (const kind of ["ETH", "ERC-20"] as const) {
      it(`credits a surplus of ${kind} to the fund, never what is owed`, async function () {
        const { ledger, token, fund, alice, bob, stranger } = await loadFixture(deployFixture);
        const address = await ledger.getAddress();
        const asset = kind === "ETH" ? ETH : await token.getAddress();
        const value = (n: bigint) => (kind === "ETH" ? n : 0n);
        const held = async () => (kind === "ETH" ? ethers.provider.getBalance(address) : token.balanceOf(address));
        await ledger.connect(alice).deposit(asset, 1000n, alice.address, { value: value(1000n) });
        await ledger.connect(bob).depositToFund(asset, 30n, { value: value(30n) });
        expect(await ledger.owed(asset)).to.equal(1030n);
        // Nothing above what is owed: nothing to sweep.
        await expect(ledger.connect(stranger).sweep(asset))
          .to.be.revertedWithCustomError(ledger, "NothingToSweep")
          .withArgs(asset, 1030n, 1030n);
        // 77 arrive outside any game (ETH forced in, a token transfer or a positive rebase).
        if (kind === "ETH") await setBalance(address, 1030n + 77n);
        else await token.mint(address, 77n);
        await expect(ledger.connect(stranger).sweep(asset))
          .to.emit(ledger, "Swept")
          .withArgs(asset, stranger.address, 77n)
          .and.to.emit(ledger, "FundCredited")
          .withArgs(asset, 77n);
        expect(await ledger.fundCredits(asset)).to.equal(107n);
        expect(await ledger.owed(asset)).to.equal(1107n);
        await expect(ledger.sweep(asset)).to.be.revertedWithCustomError(ledger, "NothingToSweep");
        // Every owed wei is still paid: alice's stake, then the fund's credits and the surplus.
        await ledger.connect(alice).withdraw(asset);
        await ledger.connect(fund).withdrawFund(asset);
        expect(await held()).to.equal(0n);
        expect(await ledger.owed(asset)).to.equal(0n);
      });
    }
  });

  it("conserves every wei over random deposits and withdrawals (property)", async function () {
    const { ledger, token, fund, alice, bob } = await loadFixture(deployFixture);
    const players = [alice, bob];
    const t = await token.getAddress();
    const address = await ledger.getAddress();
    const heldOf = async (asset: string) =>
      asset === ETH ? ethers.provider.getBalance(address) : token.balanceOf(address);
    // ETH forced in (as `selfdestruct` or a block reward would) or tokens sent straight to the ledger.
    const donate = async (asset: string, amount: bigint) => {
      if (asset === ETH) await setBalance(address, (await heldOf(ETH)) + amount);
      else await token.mint(address, amount);
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom("deposit", "fund", "withdraw", "withdrawFund", "donate", "sweep"),
            who: fc.integer({ min: 0, max: 1 }),
            erc20: fc.boolean(),
            amount: fc.bigInt({ min: 1n, max: 10n ** 18n }),
          }),
          { maxLength: 12 },
        ),
        async (steps) => {
          for (const s of steps) {
            const asset = s.erc20 ? t : ETH;
            const value = s.erc20 ? 0n : s.amount;
            const p = players[s.who];
            if (s.kind === "deposit") await ledger.connect(p).deposit(asset, s.amount, p.address, { value });
            if (s.kind === "fund") await ledger.connect(p).depositToFund(asset, s.amount, { value });
            if (s.kind === "withdraw" && (await ledger.credits(asset, p.address)) > 0n)
              await ledger.connect(p).withdraw(asset);
            if (s.kind === "withdrawFund" && (await ledger.fundCredits(asset)) > 0n)
              await ledger.connect(fund).withdrawFund(asset);
            if (s.kind === "donate") await donate(asset, s.amount);
            if (s.kind === "sweep" && (await heldOf(asset)) > (await ledger.owed(asset))) await ledger.sweep(asset);
          }
          for (const asset of [ETH, t]) {
            const owed =
              (await ledger.credits(asset, alice.address)) +
              (await ledger.credits(asset, bob.address)) +
              (await ledger.fundCredits(asset));
            // What the ledger owes is exactly its credits and the fund's; it holds that plus any unswept donation.
            expect(await ledger.owed(asset)).to.equal(owed);
            expect(await heldOf(asset)).to.be.gte(owed);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
