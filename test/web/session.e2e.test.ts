/// <reference lib="dom" />
// The teacher's form for a three-player class session, in headless Chromium through the page only: the seat list
// typed as the class sheet's CSV, the contract's refusal shown before anything is sent (two seats cannot fill a room
// of three), then a session of three listed seats created in one transaction and listed; the chain is checked from
// the script. Screenshot: reports/screenshots/session-create.png.
import { expect } from "chai";
import { JsonRpcProvider } from "ethers";
import { SnatchSession__factory } from "../../typechain-types/factories/contracts/snatch/SnatchSession__factory";
import { SessionStage } from "../../client/snatch/session";
import {
  deployedAddress,
  expectHonestControls,
  openPlayer,
  screenshot,
  waitMined,
  webStack,
  type Player,
  type WebStack,
} from "./harness";
import { TestProvider } from "../helpers/provider";

describe("web: a teacher creates a three-player class session (e2e)", function () {
  let stack: WebStack;
  let teacher: Player;
  let provider: JsonRpcProvider;

  before(async function () {
    stack = await webStack();
    teacher = await openPlayer(stack, 12, "#/snatch/sessions");
    provider = new TestProvider(stack.node.url, 31337, { staticNetwork: true, batchMaxCount: 1 });
  });

  after(async function () {
    await teacher?.context.close();
    provider?.destroy();
  });

  it("lists the class's seats from CSV, shows the contract's refusal, and creates the session", async function () {
    const sessions = SnatchSession__factory.connect(deployedAddress(stack, "SnatchSession"), provider);
    const before = await sessions.sessionCount();
    const seats = (await provider.listAccounts()).slice(13, 16).map((s) => s.address);
    const o = teacher.page;
    await o.getByLabel("Rooms of three", { exact: true }).fill("1");
    await o.getByLabel("Rooms per batch", { exact: true }).fill("1");
    await o.getByLabel("Seats", { exact: true }).selectOption("listed");
    const list = o.getByLabel("Seat list", { exact: true });

    // A line without an address is named; two seats cannot fill a room of three: the contract's sentence.
    await list.fill(`seat,name,address\n1,Ada,0x12`);
    await o.getByTestId("seats-problem").getByText("line 2 of the seats file has no address").waitFor();
    await list.fill(`seat,name,address\n1,Ada,${seats[0]}\n2,"Grace, H",${seats[1]}`);
    await o.getByTestId("create-verdict").getByText("2 seats would be listed").waitFor();
    expect(await o.getByRole("button", { name: "Create the session" }).isDisabled()).to.equal(true);

    await list.fill(`seat,name,address\n1,Ada,${seats[0]}\n2,"Grace, H",${seats[1]}\n3,Émile,${seats[2]}`);
    await o.getByTestId("seat-count").getByText("3 seats listed.").waitFor();
    await o.getByTestId("create-verdict").waitFor({ state: "detached" });
    await expectHonestControls(o, stack, teacher.address);
    await o.getByRole("button", { name: "Create the session" }).click();
    await waitMined(o, "Create a session (1 rooms, 3 listed seats)");

    const id = before + 1n;
    const s = await sessions.session(id);
    expect(s.organiser.toLowerCase()).to.equal(teacher.address.toLowerCase());
    expect([Number(s.stage), Number(s.playerCount), s.firstCome]).to.deep.equal([SessionStage.Drawing, 3, false]);
    for (const [i, a] of seats.entries()) expect(await sessions.playerAt(id, i)).to.equal(a);
    const named = await sessions.queryFilter(sessions.filters.PlayerSeated(id));
    expect(named.map((e) => e.args.name)).to.deep.equal(["Ada", "Grace, H", "Émile"]);
    await o.locator(`tr[data-session="${id}"][data-stage="${SessionStage.Drawing}"]`).waitFor();
    await screenshot(o, "session", "create");
    expect(teacher.pageErrors).to.deep.equal([]);
  });
});
