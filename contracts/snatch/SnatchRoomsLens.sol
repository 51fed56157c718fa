// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ISnatchRooms} from "./ISnatchRooms.sol";
import {SnatchRooms} from "./SnatchRooms.sol";
import {SnatchFormats} from "./libraries/SnatchFormats.sol";
import {SnatchGoods} from "./libraries/SnatchGoods.sol";
import {SnatchLayout} from "./libraries/SnatchState.sol";

/// @title SnatchRoomsLens
/// @notice Read-only presentation of SnatchRooms state for UIs and scripts: decoded rooms, offers and formats.
/// @dev Separate from SnatchRooms to keep the rules contract under the EIP-170 size limit; it holds no state and only
///      decodes what SnatchRooms' raw views return (`roomData`, `offerData`, `formatData`). Meant for `eth_call`.
contract SnatchRoomsLens {
    using SnatchGoods for uint72;
    using SnatchGoods for uint24;
    using SnatchGoods for uint96;

    /// @notice The rooms contract this lens reads.
    SnatchRooms public immutable rooms;

    /// @param rooms_ The rooms contract.
    constructor(SnatchRooms rooms_) {
        rooms = rooms_;
    }

    /// @notice A stored format: player count, rule set per round and windows.
    /// @param format The id.
    function formatOf(
        uint32 format
    ) external view returns (uint8 playerCount, ISnatchRooms.RuleSet[] memory rounds, ISnatchRooms.Windows memory) {
        ISnatchRooms.Format memory f = rooms.formatData(format);
        return (f.playerCount, SnatchFormats.roundsOf(f), SnatchFormats.windowsOf(f));
    }

    /// @notice One offer, with addresses (all zero if there is no such offer).
    /// @param roomId The room.
    /// @param offerId The offer.
    function offerView(uint256 roomId, uint256 offerId) public view returns (ISnatchRooms.OfferView memory v) {
        ISnatchRooms.Offer memory o = rooms.offerData(roomId, offerId);
        if (o.status == ISnatchRooms.OfferStatus.None) return v;
        ISnatchRooms.Room memory r = rooms.roomData(roomId);
        v.from = rooms.playerById(SnatchLayout.playerId(r, o.from));
        v.to = rooms.playerById(SnatchLayout.playerId(r, o.to));
        v.status = o.status;
        v.offeredSum = o.offeredSum;
        v.madeAt = o.madeAt;
        for (uint256 g; g < SnatchGoods.GOODS; ++g) {
            v.escrowed[g] = uint8(o.escrowed.escrowOf(g));
            v.requested[g] = uint32(o.requested.requestOf(g));
        }
    }

    /// @notice Ids of the current round's pending offers.
    /// @param roomId The room.
    function openOffers(uint256 roomId) external view returns (uint256[] memory ids) {
        ISnatchRooms.Room memory r = rooms.roomData(roomId);
        uint256 first = r.firstOffer;
        uint256 last = r.offerCount;
        ids = new uint256[](last + 1 > first ? last + 1 - first : 0);
        uint256 n;
        for (uint256 id = first; id <= last; ++id) {
            if (rooms.offerData(roomId, id).status == ISnatchRooms.OfferStatus.Pending) {
                ids[n] = id;
                ++n;
            }
        }
        // Shorten the array to the number found (a memory array keeps its length in its first word).
        assembly ("memory-safe") {
            mstore(ids, n)
        }
    }

    /// @notice Every offer of a room so far, in id order (entry i is offer i + 1). An offer whose ring slot holds a
    ///         later offer (SnatchLayout.ring: the room's latest 12 offers are stored, a 2-player room's latest one)
    ///         comes back empty, status None: its history is in the events.
    /// @param roomId The room.
    function allOffers(uint256 roomId) external view returns (ISnatchRooms.OfferView[] memory list) {
        ISnatchRooms.Room memory r = rooms.roomData(roomId);
        list = new ISnatchRooms.OfferView[](r.offerCount);
        uint256 ring = SnatchLayout.ringOf(r);
        for (uint256 i = list.length > ring ? list.length - ring : 0; i < list.length; ++i) {
            list[i] = offerView(roomId, i + 1);
        }
    }

    /// @notice Many rooms in one call, raw: each room's storage, its latest offer (status None if it has none) and
    ///         its seats' G3 shame. For bots and keepers following a whole tournament phase.
    /// @param roomIds The rooms (each must exist).
    function roomBriefs(uint256[] calldata roomIds) external view returns (ISnatchRooms.RoomBrief[] memory briefs) {
        briefs = new ISnatchRooms.RoomBrief[](roomIds.length);
        for (uint256 i; i < roomIds.length; ++i) {
            ISnatchRooms.RoomBrief memory b = briefs[i];
            b.room = rooms.roomData(roomIds[i]);
            if (b.room.offerCount != 0) b.lastOffer = rooms.offerData(roomIds[i], b.room.offerCount);
            for (uint256 s; s < 3; ++s) {
                uint32 id = SnatchLayout.playerId(b.room, s);
                if (id != 0) b.g3Shame[s] = rooms.profileOf(rooms.playerById(id)).g3Shame;
            }
        }
    }

    /// @notice Everything a UI shows about a room.
    /// @param roomId The room.
    function roomView(uint256 roomId) external view returns (ISnatchRooms.RoomView memory v) {
        ISnatchRooms.Room memory r = rooms.roomData(roomId);
        ISnatchRooms.Format memory f = rooms.formatData(r.format);
        v.format = r.format;
        v.playerCount = f.playerCount;
        v.roundCount = f.roundCount;
        v.round = r.round;
        v.phase = r.phase;
        v.rules = r.rules;
        v.deadline = r.deadline;
        v.offersUntil = r.phase == ISnatchRooms.Phase.Trading ? r.deadline - r.closing : 0;
        v.judge = r.round == 0 ? SnatchLayout.NO_SEAT : SnatchLayout.judge(r.roundBits);
        v.forced = SnatchLayout.flag(r.roundBits, SnatchLayout.FORCED, 0);
        v.observer = r.observer == 0 ? address(0) : rooms.factories(r.observer - 1);
        v.rolesRequest = rooms.rolesRequest(roomId);
        v.firstOffer = r.firstOffer;
        v.offerCount = r.offerCount;
        v.stats = ISnatchRooms.Stats(r.offerCount, r.accepts, r.rejects, r.snatches, r.shames, r.reports, r.refusals);
        for (uint256 s; s < 3; ++s) {
            uint32 id = SnatchLayout.playerId(r, s);
            if (id == 0) continue;
            v.players[s] = rooms.playerById(id);
            v.profileShame[s] = rooms.profileOf(v.players[s]).g3Shame;
            if (r.round == 0) continue;
            uint8 role = SnatchLayout.role(r.roles, s);
            v.roles[s] = ISnatchRooms.Good(role);
            v.points[s] = r.free.points(r.escrow, s, role);
            v.shameTokens[s] = uint8(r.shame >> (8 * s));
            v.done[s] = SnatchLayout.flag(r.roundBits, SnatchLayout.DONE, s);
            if (f.playerCount == 3) {
                v.suspended[s] = SnatchLayout.flag(r.roundBits, SnatchLayout.SUSPENDED, s);
                v.suspendedNext[s] = SnatchLayout.flag(r.roundBits, SnatchLayout.SUSPENDED_NEXT, s);
                v.shamedOut[s] = SnatchLayout.flag(r.roundBits, SnatchLayout.SHAMED_OUT, s);
            }
            for (uint256 g; g < SnatchGoods.GOODS; ++g) {
                v.free[s][g] = uint8(r.free.get(s, g));
                v.escrow[s][g] = uint8(r.escrow.get(s, g));
            }
        }
    }
}
