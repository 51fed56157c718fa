// Sentences for the errors every game shares: payouts and fees, randomness, ownership, OpenZeppelin's helpers and
// ERC-20 tokens. Each names the values involved; `a` holds the arguments as people read them (see ../values).
import { ZeroAddress } from "ethers";
import { atBlock, type ErrorTexts } from "../texts";
import { nameProblemSentence } from "./names";

export const COMMON_ERRORS: ErrorTexts = {
  // PayoutLedger
  NothingToWithdraw: (a, _ctx, raw) =>
    `nothing is credited to ${a.account} in ${raw.token === ZeroAddress ? "ETH" : `token ${a.token}`}: ` +
    "there is nothing to withdraw (payouts are credited by settlement)",
  InvalidRecipient: (a) => `${a.to} cannot receive a payout (the zero address or the contract itself)`,
  NotFundRecipient: (a) => `only the developer fund's recipient ${a.recipient} may withdraw the fund, not ${a.caller}`,
  UnexpectedEth: (a) => `this call takes no ETH, but ${a.value} was sent (a token game takes its stake in the token)`,
  WrongEthAmount: (a) => `the stake is ${a.expected}, but ${a.sent} was sent`,
  TransferAmountMismatch: (a) =>
    `token ${a.token} delivered ${a.received} instead of ${a.expected} (fee-on-transfer tokens are not supported)`,
  NothingToSweep: (a, _ctx, raw) =>
    `nothing to sweep in ${raw.token === ZeroAddress ? "ETH" : `token ${a.token}`}: the contract holds ` +
    `${a.balance} and owes ${a.owed}`,
  // DisplayName (tournament registrations, room seats): the same sentences as the forms' check
  NameTooLong: (_a, _ctx, raw) =>
    nameProblemSentence({ error: "NameTooLong", length: Number(raw.length), max: Number(raw.max) }),
  NameHasControlCharacter: (_a, _ctx, raw) =>
    nameProblemSentence({ error: "NameHasControlCharacter", index: Number(raw.index) }),
  NameHasFormatCharacter: (_a, _ctx, raw) =>
    nameProblemSentence({ error: "NameHasFormatCharacter", index: Number(raw.index) }),
  NameNotUtf8: (_a, _ctx, raw) => nameProblemSentence({ error: "NameNotUtf8", index: Number(raw.index) }),
  // SeatFunder (the class sheet's funding of its seats)
  NoSeats: () => "no seats to fund: the list is empty",
  TooManySeats: (a) =>
    `${a.count} seats are more than one funding transaction takes (at most ${a.max}): fund in batches`,
  ZeroSeat: (a) => `seat ${a.index} of the list is the zero address: its ETH would be lost`,
  ZeroFundingAmount: () => "an amount of zero per seat funds nothing",
  WrongFundingValue: (a) => `funding these seats takes exactly ${a.expected}, but ${a.sent} was sent`,
  InsufficientFunding: (a) => `the seats lack ${a.needed} in all, but only ${a.sent} was sent (the rest is refunded)`,
  NothingHeld: (a) => `nothing is held for ${a.seat}: it received every payment sent to it`,
  // FeeConfig
  FeeTooHigh: (a) => `a developer fee of ${a.bps} is above the cap of ${a.maxBps}`,
  ZeroAddress: () => "the zero address is not allowed here",
  // VRF request credit
  InsufficientRequestCredit: (a) =>
    `${a.payer} has ${a.credit} of request credit, less than the ${a.fee} a random value costs: deposit credit first`,
  InvalidCreditAmount: (a) =>
    `${a.amount} is not a valid credit amount (above zero, and for a withdrawal at most the ${a.credit} held)`,
  // TimelockController and AccessControl (the owners on public networks)
  TimelockInsufficientDelay: (a) => `a delay of ${a.delay} seconds is below the timelock's minimum of ${a.minDelay}`,
  TimelockInvalidOperationLength: (a) =>
    `a batch of ${a.targets} targets, ${a.payloads} payloads and ${a.values} values does not line up`,
  TimelockUnauthorizedCaller: (a) => `${a.caller} may not execute this timelock operation`,
  TimelockUnexecutedPredecessor: (a) => `the operation's predecessor ${a.predecessorId} has not been executed yet`,
  TimelockUnexpectedOperationState: (a) =>
    `timelock operation ${a.operationId} is not in the state this call needs (expected states ${a.expectedStates}): ` +
    "scheduled operations run only after their delay, and once",
  AccessControlUnauthorizedAccount: (a) => `${a.account} does not hold the role ${a.neededRole}`,
  AccessControlBadConfirmation: () => "a role can only be renounced by its holder, confirming its own address",
  // Ownable / Ownable2Step
  OwnableUnauthorizedAccount: (a) => `only the contract's owner may do this; ${a.account} is not the owner`,
  OwnableInvalidOwner: (a) => `${a.owner} cannot become the owner`,
  // Randomness
  RandomnessNotReady: (a, ctx) =>
    `randomness request ${a.id} is ${a.status}, not ready yet${atBlock(ctx)}: the block-hash source is ready two ` +
    "blocks after the request (mine or wait for a block)",
  RandomnessNotStale: (a) =>
    `randomness request ${a.id} is ${a.status}: only a stale request (unserved past its window: 256 blocks for ` +
    "block hashes, the VRF source's stale window) may be requested again",
  RequestNotReplaceable: (a) =>
    `request ${a.id} cannot be replaced by ${a.caller}: only the consumer that made it may, once it is stale, and ` +
    "only the latest request of its chain",
  UnauthorisedConsumer: (a) => `${a.caller} is not an authorised consumer of the VRF randomness source`,
  CallbackGasOutOfRange: (a) =>
    `a callback gas limit of ${a.gas} is outside ${a.min} to ${a.max}: below it a delivery could run out of gas, ` +
    "above it the coordinator refuses requests",
  TooManyConfirmations: (a) => `${a.confirmations} request confirmations are more than the coordinator's ${a.max}`,
  StaleWindowOutOfRange: (a) =>
    `a stale window of ${a.blocks} blocks is outside ${a.min} to ${a.max} (it must leave the coordinator time to ` +
    "answer after its confirmations, and an undelivered request must become replaceable within a day or so)",
  FeeWithoutNativePayment: (a) =>
    `a request fee of ${a.fee} needs native payment: the fee goes to the subscription's native balance`,
  OnlyCoordinatorCanFulfill: (a) => `only the VRF coordinator ${a.want} may deliver random words, not ${a.have}`,
  OnlyOwnerOrCoordinator: (a) =>
    `only the owner ${a.owner} or the coordinator ${a.coordinator} may change the coordinator, not ${a.have}`,
  // OpenZeppelin helpers
  ReentrancyGuardReentrantCall: () => "a call re-entered the contract while it was busy (reentrancy is refused)",
  SafeERC20FailedOperation: (a) => `token ${a.token} refused the transfer (it returned false or reverted)`,
  FailedCall: () => "sending ETH failed: the receiving account refused it",
  InsufficientBalance: (a) => `the contract holds ${a.balance}, less than the ${a.needed} it must send`,
  SafeCastOverflowedUintDowncast: (a) => `the value ${a.value} does not fit in ${a.bits} bits`,
  // ERC-20 tokens (OpenZeppelin's IERC20Errors)
  ERC20InsufficientBalance: (a) => `${a.sender} holds ${a.balance} of the token, less than the ${a.needed} needed`,
  ERC20InsufficientAllowance: (a) =>
    `${a.spender} may spend only ${a.allowance} of the token, less than the ${a.needed} needed: approve it first`,
  ERC20InvalidApprover: (a) => `${a.approver} cannot approve token spending`,
  ERC20InvalidReceiver: (a) => `${a.receiver} cannot receive the token`,
  ERC20InvalidSender: (a) => `${a.sender} cannot send the token`,
  ERC20InvalidSpender: (a) => `${a.spender} cannot be approved to spend the token`,
};
