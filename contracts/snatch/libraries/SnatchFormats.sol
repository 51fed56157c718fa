// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ISnatchRooms} from "../ISnatchRooms.sol";
import {SnatchState} from "./SnatchState.sol";

/// @title SnatchFormats
/// @notice Formats: a list of rounds, each with a rule set, plus window lengths. Validation, packing and the presets.
/// @dev Round r's rule set sits in bits [4(r-1), 4r) of `Format.ruleSets`, so a format holds at most 16 rounds.
///      {create} is public (a linked library function): format creation is rare, so SnatchRooms keeps it out of its
///      bytecode. Anyone may create formats, so ids are 32-bit: running them out would take 2^32 creations of ~66k
///      gas each (~2.8 * 10^14 gas: every block of a 30M-gas chain for about 9.4 million blocks), where 16-bit ids
///      fell to ~4.3 * 10^9 gas (cheap on an L2) and then no tournament with new windows could be created.
library SnatchFormats {
    /// @notice The most rounds a format may have.
    uint256 internal constant MAX_ROUNDS = 16;
    /// @notice Rounds of a SnatchGame variant's room (the presets and the tournament's formats).
    uint256 internal constant VARIANT_ROUNDS = 3;

    /// @notice How many players a rule set is for (0 for None).
    function playersOf(ISnatchRooms.RuleSet rules) internal pure returns (uint8) {
        if (rules == ISnatchRooms.RuleSet.None) return 0;
        return rules <= ISnatchRooms.RuleSet.Judge ? 3 : 2;
    }

    /// @notice Round `round`'s (1-based) rule set.
    function ruleAt(uint64 ruleSets, uint256 round) internal pure returns (ISnatchRooms.RuleSet) {
        return ISnatchRooms.RuleSet((ruleSets >> (4 * (round - 1))) & 0xf);
    }

    /// @notice Validates and stores a format in SnatchRooms' storage.
    /// @param s SnatchRooms' storage.
    /// @param rounds Rule set per round.
    /// @param windows Window lengths.
    /// @return format The new format's id.
    function create(
        SnatchState storage s,
        ISnatchRooms.RuleSet[] memory rounds,
        ISnatchRooms.Windows memory windows
    ) public returns (uint32 format) {
        if (s.formatCount == type(uint32).max) revert ISnatchRooms.TooManyFormats(s.formatCount);
        ISnatchRooms.Format memory f = build(rounds, windows);
        format = ++s.formatCount;
        s.formats[format] = f;
        emit ISnatchRooms.FormatCreated(format, f.playerCount, rounds, windows);
    }

    /// @notice Validates rounds and windows and packs them into a {ISnatchRooms.Format}.
    /// @dev All rounds must be of one player count. Every window a format uses is at least 1 block. 3-player:
    ///      1 <= closing < trading (so trading >= 2), closing <= 65,535, judging >= 1 if a round has a judge. The
    ///      closing window is what leaves the target of an offer made in the last allowed block at least one block to
    ///      answer before the deadline closes the round (with closing = 0, an offer in the deadline block could execute
    ///      in round 3, or expire, in the next block without its target ever having a block to see it). 2-player: offer
    ///      >= 1, response >= 1, decision >= 1 if a round is G3 or G4, talk >= 1 if a round is G5. Windows a format
    ///      does not use are stored as given and ignored.
    function build(
        ISnatchRooms.RuleSet[] memory rounds,
        ISnatchRooms.Windows memory w
    ) internal pure returns (ISnatchRooms.Format memory f) {
        uint256 n = rounds.length;
        if (n == 0 || n > MAX_ROUNDS) revert ISnatchRooms.BadRoundCount(n);
        uint8 players = playersOf(rounds[0]);
        bool judge;
        bool decision;
        bool talk;
        uint64 packed;
        for (uint256 i; i < n; ++i) {
            ISnatchRooms.RuleSet rs = rounds[i];
            if (rs == ISnatchRooms.RuleSet.None || playersOf(rs) != players) {
                revert ISnatchRooms.RuleSetMismatch(i + 1, rs);
            }
            judge = judge || rs == ISnatchRooms.RuleSet.Judge;
            decision = decision || rs == ISnatchRooms.RuleSet.G3Shame || rs == ISnatchRooms.RuleSet.G4Report;
            talk = talk || rs == ISnatchRooms.RuleSet.G5CheapTalk;
            packed |= uint64(uint8(rs)) << uint64(4 * i);
        }
        bool ok =
            players == 3
                ? w.closing != 0 && w.closing < w.trading && w.closing <= type(uint16).max && (!judge || w.judging != 0)
                : w.offer != 0 && w.response != 0 && (!decision || w.decision != 0) && (!talk || w.talk != 0);
        if (!ok) revert ISnatchRooms.InvalidWindows(w);
        f = ISnatchRooms.Format({
            playerCount: players,
            roundCount: uint8(n),
            ruleSets: packed,
            trading: w.trading,
            closing: w.closing,
            judging: w.judging,
            talk: w.talk,
            offer: w.offer,
            response: w.response,
            decision: w.decision
        });
    }

    /// @notice What a room of format `f` keeps in its 16-bit `closing` field: the closing window for 3 players; for 2
    ///         players (whose rounds have no closing window) the format's schedule when it fits, else 0.
    /// @dev A 2-player room's compact schedule (bit 15 set): roundCount - 1 in bits 11-14 and one window W in bits
    ///      0-10, stored when every round has the same rule set and every window those rounds use (offer and response;
    ///      talk in G5, decision in G3/G4) is W <= 2,047 blocks (the presets' and the tournament's default 20-block
    ///      windows). SnatchRooms then opens a 2-player room's windows and starts its rounds from the room's first word
    ///      alone (the next round's rule set is the current one), without reading the format's word cold (2,100 gas an
    ///      offer and a round's close). Otherwise 0: bit 15 clear sends SnatchRooms to the format's word, as before.
    ///      SnatchRooms.roomData answers a 2-player room's `closing` from its format, as it read before.
    function roomClosing(ISnatchRooms.Format memory f) internal pure returns (uint16) {
        if (f.playerCount != 2) return uint16(f.closing);
        uint256 n = f.roundCount;
        uint256 first = f.ruleSets & 0xf;
        for (uint256 i = 1; i < n; ++i) {
            if ((f.ruleSets >> (4 * i)) & 0xf != first) return 0;
        }
        uint256 w = f.offer;
        if (w > 2047 || f.response != w) return 0;
        if (first == uint256(ISnatchRooms.RuleSet.G5CheapTalk) && f.talk != w) return 0;
        bool decision =
            first == uint256(ISnatchRooms.RuleSet.G3Shame) || first == uint256(ISnatchRooms.RuleSet.G4Report);
        if (decision && f.decision != w) return 0;
        // n is 1..16 (MAX_ROUNDS), w at most 2,047: the fields do not overlap.
        return uint16(0x8000 | ((n - 1) << 11) | w);
    }

    /// @notice The rounds of a stored format.
    function roundsOf(ISnatchRooms.Format memory f) internal pure returns (ISnatchRooms.RuleSet[] memory rounds) {
        rounds = new ISnatchRooms.RuleSet[](f.roundCount);
        for (uint256 i; i < rounds.length; ++i) rounds[i] = ruleAt(f.ruleSets, i + 1);
    }

    /// @notice The windows of a stored format.
    function windowsOf(ISnatchRooms.Format memory f) internal pure returns (ISnatchRooms.Windows memory) {
        return ISnatchRooms.Windows(f.trading, f.closing, f.judging, f.talk, f.offer, f.response, f.decision);
    }

    /// @notice Snatch or Share's five rounds: anarchy twice, no reject, shame tokens, judge.
    function snatchOrShareRounds() internal pure returns (ISnatchRooms.RuleSet[] memory rounds) {
        rounds = new ISnatchRooms.RuleSet[](5);
        rounds[0] = ISnatchRooms.RuleSet.Anarchy;
        rounds[1] = ISnatchRooms.RuleSet.Anarchy;
        rounds[2] = ISnatchRooms.RuleSet.NoReject;
        rounds[3] = ISnatchRooms.RuleSet.ShameTokens;
        rounds[4] = ISnatchRooms.RuleSet.Judge;
    }

    /// @notice Three rounds of one SnatchGame variant.
    function variantRounds(ISnatchRooms.RuleSet variant) internal pure returns (ISnatchRooms.RuleSet[] memory rounds) {
        rounds = new ISnatchRooms.RuleSet[](VARIANT_ROUNDS);
        for (uint256 i; i < VARIANT_ROUNDS; ++i) rounds[i] = variant;
    }

    /// @notice Default windows of the presets (blocks): 3-player rounds of 120 blocks whose last 10 take no offers and
    ///         a 60-block judging phase; 2-player windows of 20 blocks each.
    function defaultWindows() internal pure returns (ISnatchRooms.Windows memory) {
        return
            ISnatchRooms.Windows({
                trading: 120,
                closing: 10,
                judging: 60,
                talk: 20,
                offer: 20,
                response: 20,
                decision: 20
            });
    }
}
