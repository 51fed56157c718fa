/// <reference lib="dom" />
// Snatch or Share and SnatchGame played in headless Chromium through the pages only, by development accounts in
// browser contexts of their own: a Snatch or Share room through all five rounds (a shrunk accept, a reject, a cancel,
// round 3's refused reject and its execution at the close, round 4's shame tokens and the penalty, a snatch
// reported and confirmed by the judge in round 5), a G4 room where P1 reports a snatch, and a G5 room with talk.
// Blocks are mined through the node (no waiting). Screenshots: reports/screenshots/snatch-<view>.png.
import { expect } from "chai";
import { JsonRpcProvider } from "ethers";
import { SnatchRooms__factory } from "../../typechain-types/factories/contracts/snatch/SnatchRooms__factory";
import { SnatchRoomsLens__factory } from "../../typechain-types/factories/contracts/snatch/SnatchRoomsLens__factory";
import {
  deployedAddress,
  expectHonestControls,
  expectPlainWords,
  expectNoLogReads,
  expectPhoneFit,
  openPlayer,
  PHONE,
  screenshot,
  SMALL_PHONE,
  waitMined,
  webStack,
  type Player,
  type WebStack,
} from "./harness";
import {
  act,
  clearTransactions,
  fillOffer,
  lastOfferId,
  makeOffer,
  mineNode,
  openRoom,
  roomInHash,
  seatOfPlayer,
  seats,
  waitRound,
} from "./snatch-helpers";
import { TestProvider } from "../helpers/provider";

describe("web: Snatch or Share and SnatchGame in the browser (e2e)", function () {
  let stack: WebStack;
  let alice: Player;
  let bob: Player;
  let carol: Player;
  let provider: JsonRpcProvider;
  let started = 0;

  before(async function () {
    stack = await webStack();
    started = Date.now();
    [alice, bob, carol] = await Promise.all([5, 6, 7].map((i) => openPlayer(stack, i, "#/snatch")));
    provider = new TestProvider(stack.node.url, 31337, { staticNetwork: true, batchMaxCount: 1 });
  });

  afterEach(async function () {
    // A failed step leaves each player's page as it was, for the report.
    if (this.currentTest?.state !== "failed") return;
    for (const [i, p] of [alice, bob, carol].entries()) if (p) await screenshot(p.page, "snatch", `failed-${i}`, true);
  });

  after(async function () {
    console.log(
      `      snatch e2e: ${((Date.now() - started) / 1000).toFixed(1)} s (from the stack up to the last test)`,
    );
    for (const p of [alice, bob, carol]) await p?.context.close();
    provider?.destroy();
  });

  it("plays a Snatch or Share room through all five rounds", async function () {
    const rooms = SnatchRooms__factory.connect(deployedAddress(stack, "SnatchRooms"), provider);
    const lens = SnatchRoomsLens__factory.connect(deployedAddress(stack, "SnatchRoomsLens"), provider);
    const a = alice.page;

    // Alice creates the room from the lobby (Snatch or Share is the default format); Bob and Carol join from theirs.
    await a.getByRole("button", { name: "Create the room" }).click();
    await waitMined(a, "Create a Snatch or Share room");
    const room = await roomInHash(a);
    await bob.page.locator(`tr[data-room="${room}"]`).getByRole("button", { name: "Join" }).waitFor();
    await screenshot(bob.page, "snatch", "lobby");
    await expectHonestControls(bob.page, stack, bob.address);
    for (const p of [bob, carol]) {
      await p.page.locator(`tr[data-room="${room}"]`).getByRole("button", { name: "Join" }).click();
      await waitMined(p.page, `Join room ${room}`);
      await roomInHash(p.page);
    }
    // Full: the roles wait for randomness; a block later anyone draws them.
    await a.getByTestId("randomness").waitFor();
    await mineNode(stack, 1);
    await act(alice, "Draw the roles and start round 1", `Draw the roles of room ${room}`);
    await Promise.all([alice, bob, carol].map((p) => waitRound(p.page, 1)));
    const s = await seats(a);
    const by = (p: Player) => s.find((x) => x.player === p.address.toLowerCase())!;
    const [ra, rb, rc] = [by(alice).role, by(bob).role, by(carol).role];
    expect(new Set([ra, rb, rc]).size).to.equal(3);
    expect(by(alice).free[ra]).to.equal(5);
    // Round 1 (anarchy): Alice offers 6 of her good (she holds 5) for 6 of Bob's: the page shows the 5 escrowed
    // before sending, Bob's page the request shrunk to 5; Bob accepts.
    const form = await fillOffer(alice, bob.address, { [ra]: 6 }, { [rb]: 6 });
    expect(await a.getByTestId("offer-preview").textContent()).to.contain(`escrows 5 ${ra} now`);
    await form.getByRole("button", { name: "Send the offer" }).click();
    await waitMined(a, /^Offer 6 /);
    const preview = bob.page.getByTestId("accept-preview");
    await preview.waitFor();
    const previewText = ((await preview.textContent()) ?? "").replace(/\s+/g, " ");
    expect(previewText).to.contain(`receive 5 ${ra}`);
    expect(previewText).to.contain(`give 5 ${rb}`);
    expect(previewText).to.match(/shrinks to 5/);
    await act(bob, "Accept", /^Accept offer #/);
    await Promise.all([alice, bob, carol].map((p) => act(p, "Done with round 1", "Done with round 1")));
    // Round 2: Carol rejects Bob's offer; Alice cancels hers.
    await Promise.all([alice, bob, carol].map((p) => waitRound(p.page, 2)));
    await makeOffer(bob, carol.address, { [rb]: 1 }, { [rc]: 1 });
    await act(carol, "Reject", /^Reject offer #/);
    await makeOffer(alice, carol.address, { [rb]: 1 }, { [rc]: 2 });
    await act(alice, "Cancel my offer", /^Cancel offer #/);
    await Promise.all([alice, bob, carol].map((p) => act(p, "Done with round 2", "Done with round 2")));
    // Round 3 (no reject): Carol's offer to Alice cannot be rejected (the contract's refusal is shown, no button),
    // and executes at the close.
    await Promise.all([alice, bob, carol].map((p) => waitRound(p.page, 3)));
    await makeOffer(carol, alice.address, { [rc]: 1 }, { [rb]: 1 });
    const refusal = a.getByTestId("reject-refusal");
    await refusal.waitFor();
    expect(await refusal.textContent()).to.match(/does not allow rejecting/);
    expect(await a.locator("li.offer.st-pending").getByRole("button", { name: "Reject" }).count()).to.equal(0);
    await a.getByTestId("execute-at-close").waitFor();
    // No enabled control on the round-3 page is one the contract refuses (rejecting is barred: no Reject).
    await expectHonestControls(a, stack, alice.address);
    await expectPlainWords(a);
    await clearTransactions(a);
    await screenshot(a, "snatch", "room", true);
    const executed = await lastOfferId(a);
    await Promise.all([alice, bob, carol].map((p) => act(p, "Done with round 3", "Done with round 3")));
    await Promise.all([alice, bob, carol].map((p) => waitRound(p.page, 4)));
    expect(Number((await lens.offerView(room, executed)).status)).to.equal(2); // Accepted at the close
    await a.locator('li[data-event="OfferAccepted"]', { hasText: "executed at the close" }).waitFor();
    // Round 4 (shame tokens): Alice and Bob shame Carol; she starts round 5 with 2 tokens: 2 goods burn and she may
    // only answer offers.
    for (const p of [alice, bob]) {
      await p.page.getByLabel("Shame").selectOption(await seatOfPlayer(p.page, carol.address));
      await act(p, "Give the shame token", /^Shame /);
    }
    await carol.page
      .locator(`article.seat[data-player="${carol.address.toLowerCase()}"] [data-testid="shame-tokens"]`, {
        hasText: "2 shame tokens",
      })
      .waitFor();
    await Promise.all([alice, bob, carol].map((p) => act(p, "Done with round 4", "Done with round 4")));
    await Promise.all([alice, bob, carol].map((p) => waitRound(p.page, 5)));
    await a.locator('li[data-event="ShamePenaltyApplied"]').waitFor();
    await carol.page.getByTestId("offer-refusal").waitFor();
    expect(await carol.page.getByTestId("offer-refusal").textContent()).to.match(/shamed out/);
    await expectHonestControls(carol.page, stack, carol.address);
    // Round 5 (judge): a non-judge offers to the other non-judge, who snatches; the victim reports; trading closes;
    // the judge confirms (the snatcher returns the goods and forfeits 3).
    const judgeSeat = Number(await a.locator("article.seat.seat-judge").getAttribute("data-seat"));
    const players = [alice, bob, carol];
    const judge = players.find((p) => by(p).seat === judgeSeat)!;
    const others = players.filter((p) => p !== judge);
    // Carol (shamed out) cannot offer: she is the snatcher when she is not the judge.
    const snatcher = others.includes(carol) ? carol : others[1];
    const victim = others.find((p) => p !== snatcher)!;
    const vGood = Object.entries(
      (await seats(victim.page)).find((x) => x.player === victim.address.toLowerCase())!.free,
    ).find(([, n]) => n > 0)![0];
    await makeOffer(victim, snatcher.address, { [vGood]: 1 }, { [by(snatcher).role]: 1 });
    await act(snatcher, "Snatch", /^Snatch offer #/);
    await act(victim, "Report the snatch to the judge", /^Report the snatch of offer #/);
    await Promise.all(players.map((p) => act(p, "Done with round 5", "Done with round 5")));
    await waitRound(judge.page, 5, 4); // judging
    await judge.page.getByTestId("confirm-preview").waitFor();
    expect(await judge.page.getByTestId("confirm-preview").textContent()).to.match(/returns 1 .* forfeits/);
    await judge.page.getByLabel(/also suspend/).check();
    await clearTransactions(judge.page);
    await screenshot(judge.page, "snatch", "judge");
    await expectHonestControls(judge.page, stack, judge.address);
    await act(judge, "Confirm the report", /^Confirm the report of offer #/);
    await judge.page.locator('li[data-event="ReportConfirmed"]', { hasText: "last round (no effect)" }).waitFor();
    await act(judge, /^Close judging/, /^Close judging/);
    await Promise.all(players.map((p) => p.page.locator(`.snatch-room[data-phase="9"]`).waitFor()));
    await a.getByTestId("results").waitFor();
    await clearTransactions(a);
    await screenshot(a, "snatch", "finished", true, "web-snatch.png");
    await expectHonestControls(a, stack, alice.address);
    await expectPlainWords(a);
    // The chain agrees with the pages: finished, points as shown, 13 goods left (15, 2 burned by the penalty).
    const [finished, addrs, points] = await rooms.roomResult(room);
    expect(finished).to.equal(true);
    const shown = await seats(a);
    for (let i = 0; i < 3; i++) {
      const text = await a.locator(`article.seat[data-seat="${i}"] [data-testid="points"]`).textContent();
      expect(Number(text!.replace(/\D/g, ""))).to.equal(Number(points[i]));
      expect(shown[i].player).to.equal(addrs[i].toLowerCase());
    }
    const view = await lens.roomView(room);
    const total = view.free.flat().reduce((x, y) => x + Number(y), 0);
    expect(total).to.equal(13);
    const stats = await rooms.roomStats(room);
    expect(
      [stats.offers, stats.accepts, stats.rejects, stats.snatches, stats.shames, stats.reports].map(Number),
    ).to.deep.equal([5, 2, 1, 1, 2, 1]);
    for (const p of players) expect(p.pageErrors, `page errors of ${p.address}`).to.deep.equal([]);
    expectNoLogReads(players);
  });

  /** Creates a 2-player room of preset `format` from `creator`'s lobby, `other` joins, roles are drawn. */
  async function twoPlayerRoom(creator: Player, other: Player, format: number, name: RegExp) {
    await creator.page.goto(`${stack.appUrl}#/snatch`);
    await creator.page.getByLabel("Format").selectOption(String(format));
    await creator.page.getByRole("button", { name: "Create the room" }).click();
    await waitMined(creator.page, name);
    const room = await roomInHash(creator.page);
    await openRoom(other, stack, room);
    await act(other, "Join this room", `Join room ${room}`);
    await mineNode(stack, 1);
    await act(other, "Draw the roles and start round 1", `Draw the roles of room ${room}`);
    await Promise.all([creator, other].map((p) => waitRound(p.page, 1)));
    const s = await seats(creator.page);
    const p1addr = s.find((x) => x.role === "turkey")!.player;
    const [p1, p2] = p1addr === creator.address.toLowerCase() ? [creator, other] : [other, creator];
    return { room, p1, p2 };
  }

  it("G4: P1 reports a snatch and the automatic judge reverses it", async function () {
    const rooms = SnatchRooms__factory.connect(deployedAddress(stack, "SnatchRooms"), provider);
    const { room, p1, p2 } = await twoPlayerRoom(alice, bob, 5, /^Create a SnatchGame G4 report/);
    await p1.page
      .getByTestId("rules")
      .getByText(/G4 report/)
      .waitFor();

    // Round 1: P1 offers 2 turkey for 2 corn, P2 snatches, P1 reports: P2 returns the turkeys and pays the corn.
    await makeOffer(p1, null, { turkey: 2 }, { corn: 2 });
    await act(p2, "Snatch", /^Snatch offer #/);
    const reversal = p1.page.getByTestId("reversal-preview");
    await reversal.waitFor();
    expect(((await reversal.textContent()) ?? "").replace(/\s+/g, " ")).to.match(
      /returns 2 turkey and pays you 2 corn/,
    );
    await clearTransactions(p1.page);
    await screenshot(p1.page, "snatch", "g4-decision");
    await act(p1, "Report the snatch (reverse it)", /^Report the snatch of offer #/);
    await p1.page.locator('li[data-event="SnatchReversed"]').waitFor();
    await waitRound(p1.page, 2);
    const after = (await seats(p1.page)).find((x) => x.player === p1.address.toLowerCase())!;
    expect(after.free).to.deep.equal({ turkey: 10, corn: 2 });

    // Round 2: P1 passes. Round 3: P1's window runs out; the page says what advancing applies, and applies it.
    await act(p1, "Pass: no offer this round", "Pass (no offer)");
    await waitRound(p2.page, 3);
    await mineNode(stack, 21);
    const advance = p2.page.getByTestId("advance");
    await advance.waitFor();
    const text = (await advance.textContent()) ?? "";
    expect(text).to.contain("records no offer this round (P1's window timed out)");
    expect(text).to.contain("finishes the room");
    await act(p2, "Advance: apply the defaults", `Advance room ${room}`);
    await p1.page.locator('.snatch-room[data-phase="9"]').waitFor();
    const stats = await rooms.roomStats(room);
    expect([stats.offers, stats.snatches, stats.reports].map(Number)).to.deep.equal([1, 1, 1]);
    const [finished, , points] = await rooms.roomResult(room);
    expect(finished).to.equal(true);
    // P1 (turkey producer) holds 10 turkey + 2 corn = 14 points; P2 8 corn = 8.
    const p1Seat = (await seats(p1.page)).find((x) => x.player === p1.address.toLowerCase())!.seat;
    expect(Number(points[p1Seat])).to.equal(14);
    expect(Number(points[1 - p1Seat])).to.equal(8);
  });

  it("G5: cheap talk before the offer, as a chat", async function () {
    const rooms = SnatchRooms__factory.connect(deployedAddress(stack, "SnatchRooms"), provider);
    const { room, p1, p2 } = await twoPlayerRoom(bob, carol, 6, /^Create a SnatchGame G5 cheap talk/);

    // The talk window: both write; each sees the other's message; both say done and the offer window opens.
    const say = async (p: Player, text: string) => {
      await p.page.getByRole("textbox", { name: "Message" }).fill(text);
      await p.page.locator("form.chat-form").getByRole("button", { name: "Send" }).click();
      await waitMined(p.page, `Say: ${text.slice(0, 40)}`);
    };
    await say(p2, "I will accept a fair offer.");
    await say(p1, "Three turkeys for three corn, then.");
    await p2.page.getByTestId("message").filter({ hasText: "Three turkeys for three corn" }).waitFor();
    await p1.page.getByTestId("message").filter({ hasText: "I will accept a fair offer." }).waitFor();
    await clearTransactions(p1.page);
    await screenshot(p1.page, "snatch", "g5-talk");
    // While P2 talks, P1 has no offer and no pass: the contract's sentence says why.
    await p1.page.getByTestId("offer-refusal").filter({ hasText: "the other player is still talking" }).waitFor();
    expect(await p1.page.getByRole("button", { name: "Pass: no offer this round" }).count()).to.equal(0);
    // P2 is done talking; P1 offers at once (no "Done talking" of its own): the offer ends the talk.
    await act(p2, "Done talking", "Done talking");
    await p1.page
      .getByTestId("talk-ends")
      .filter({ hasText: "is done talking: your offer or pass ends the talk" })
      .waitFor();
    await p1.page.getByRole("button", { name: "Pass: no offer this round" }).waitFor();
    // The line and the offer form on a phone: it fits (44 px targets, no sideways scroll); the screenshots to look at.
    const desk = p1.page.viewportSize()!;
    for (const [size, name] of [
      [PHONE, "g5-talk-ends-phone"],
      [SMALL_PHONE, "g5-talk-ends-small-phone"],
    ] as const) {
      await p1.page.setViewportSize(size);
      await expectPhoneFit(p1.page);
      await screenshot(p1.page, "snatch", name);
    }
    await p1.page.setViewportSize(desk);
    await makeOffer(p1, null, { turkey: 3 }, { corn: 3 });
    await waitRound(p1.page, 1, 7); // P2's response window
    expect(await p1.page.getByRole("textbox", { name: "Message" }).count()).to.equal(0); // no talk outside the window
    // From the chain: P1's offer was also P1's done, and opened the offer window before the offer.
    const made = (await rooms.queryFilter(rooms.filters.OfferMade(room)))[0];
    const receipt = (await provider.getTransactionReceipt(made.transactionHash))!;
    expect(receipt.logs.map((l) => rooms.interface.parseLog(l)?.name)).to.deep.equal([
      "PlayerDone",
      "PhaseStarted",
      "OfferMade",
      "PhaseStarted",
    ]);
    const dones = await rooms.queryFilter(rooms.filters.PlayerDone(room));
    expect(dones.map((e) => e.args.player.toLowerCase())).to.deep.equal([p2, p1].map((p) => p.address.toLowerCase()));
    await act(p2, "Accept", /^Accept offer #/);
    await waitRound(p1.page, 2, 5); // round 2's talk window

    // Nobody acts in rounds 2 and 3: once every window has passed, one advance applies every default.
    await mineNode(stack, 100);
    await p1.page.getByTestId("advance").waitFor();
    await act(p1, "Advance: apply the defaults", `Advance room ${room}`);
    await p2.page.locator('.snatch-room[data-phase="9"]').waitFor();
    const events = await rooms.queryFilter(rooms.filters.MessageSent(room));
    expect(events.map((e) => e.args.text)).to.deep.equal([
      "I will accept a fair offer.",
      "Three turkeys for three corn, then.",
    ]);
    expect((await rooms.roomResult(room))[0]).to.equal(true);
    for (const p of [alice, bob, carol]) expect(p.pageErrors, `page errors of ${p.address}`).to.deep.equal([]);
  });

  it("G2: P2 lifts the force and P1 may pass; G3: P1 shames a snatch onto P2's profile", async function () {
    const rooms = SnatchRooms__factory.connect(deployedAddress(stack, "SnatchRooms"), provider);
    // G2: forced at the round's start, P1 has no Pass (the page says why) until P2 lifts the force.
    const g2 = await twoPlayerRoom(alice, carol, 3, /^Create a SnatchGame G2 forced offer/);
    await g2.p1.page.getByText(/Passing is not possible: P2 forced P1 to offer/).waitFor();
    expect(await g2.p1.page.getByRole("button", { name: /^Pass/ }).count()).to.equal(0);
    await act(g2.p2, "Lift the force (let P1 pass)", "Lift the force");
    await act(g2.p1, "Pass: no offer this round", "Pass (no offer)");
    await waitRound(g2.p2.page, 2);
    await g2.p2.page.getByRole("button", { name: "Lift the force (let P1 pass)" }).waitFor(); // forced again

    // G3: P1's offer is snatched; P1 shames P2, which stays on P2's profile (shown in the room and later rooms).
    const g3 = await twoPlayerRoom(bob, carol, 4, /^Create a SnatchGame G3 shame/);
    await makeOffer(g3.p1, null, { turkey: 1 }, { corn: 1 });
    await act(g3.p2, "Snatch", /^Snatch offer #/);
    await act(g3.p1, "Shame P2 for the snatch (on P2's profile)", "Shame P2");
    await g3.p1.page.locator('li[data-event="ShameGiven"]', { hasText: "profile G3 shame 1" }).waitFor();
    await g3.p1.page
      .locator(`article.seat[data-player="${g3.p2.address.toLowerCase()}"]`, { hasText: "profile G3 shame 1" })
      .waitFor();
    expect(Number((await rooms.profileOf(g3.p2.address)).g3Shame)).to.equal(1);
  });

  it("an open room: a player leaves, and anyone closes it once its fill window passed", async function () {
    const rooms = SnatchRooms__factory.connect(deployedAddress(stack, "SnatchRooms"), provider);
    const a = alice.page;
    await a.goto(`${stack.appUrl}#/snatch`);
    await a.getByLabel("Format").selectOption("1");
    await a.getByLabel("Fill window").fill("4");
    await a.getByRole("button", { name: "Create the room" }).click();
    await waitMined(a, "Create a Snatch or Share room");
    const room = await roomInHash(a);
    await a
      .getByTestId("fill-window")
      .getByText(/^Fill window until block/)
      .waitFor();
    // Carol sits down and stands up again.
    await openRoom(carol, stack, room);
    await act(carol, "Join this room", `Join room ${room}`);
    await act(carol, "Leave this room", `Leave room ${room}`);
    await a.locator('li[data-event="PlayerLeft"]').waitFor();
    // Nobody else comes: once the window has passed, Bob closes it from his lobby.
    await mineNode(stack, 5);
    await bob.page.goto(`${stack.appUrl}#/snatch`);
    await act(bob, "Close (did not fill)", `Close room ${room} (did not fill)`, `tr[data-room="${room}"]`);
    await a.locator('li[data-event="RoomCancelled"]', { hasText: "did not fill in time" }).waitFor();
    expect(Number((await rooms.roomData(room)).phase)).to.equal(10); // Cancelled
    await a.getByTestId("phase").getByText("Cancelled before it filled").waitFor();
  });
});
