// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ONE_CARD} from "../CatammTypes.sol";

/// @title ResourceBalances
/// @notice A player's five resource balances packed in two storage words, so that a swap between two resources of
///         the same word reads and writes one slot.
/// @dev Each balance is an 85-bit field (up to 2^85 − 1 wei ≈ 38.7 million cards; crediting past it reverts with
///      {BalanceOverflow}). Word 0 holds Wood (bits 0–84), Brick (85–169) and Sheep (170–254); word 1 holds Ore
///      (bits 0–84), Wheat (85–169) and the player's port mask (bits 170–178: bit 170 + p = owns port p), which
///      the markets read for fees from a word a trade touches anyway; bits 179–255 hold a tag of the host game's own
///      ({hostTag}; the CATAMM game keeps the player's seat there, so its turn check before a trade reads no other
///      slot). Resource ids are {Resource}'s: 0 Wood, 1 Brick, 2 Sheep, 3 Ore, 4 Wheat; callers pass valid ids.
library ResourceBalances {
    /// @notice Crediting `amount` of `resource` would push a balance past the 85-bit field.
    error BalanceOverflow(uint8 resource, uint256 balance, uint256 amount);
    /// @notice Debiting `needed` of `resource` from a balance of `balance`.
    error InsufficientBalance(uint8 resource, uint256 balance, uint256 needed);

    /// @notice A port mask with bits beyond the nine ports.
    error PortMaskTooWide(uint256 mask);
    /// @notice A host tag wider than the 77 bits kept for it.
    error HostTagTooWide(uint256 tag);

    /// @dev Two packed words; read and write them only through this library.
    struct Balances {
        uint256[2] words;
    }

    /// @dev Width of one balance field.
    uint256 internal constant FIELD_BITS = 85;
    /// @dev The largest balance a field holds, `2^85 − 1`. The masks and shifts here are literals: written as
    ///      expressions of other constants they were computed, with checked arithmetic, at each use (~35 gas).
    uint256 internal constant MAX_BALANCE = 0x1fffffffffffffffffffff;
    /// @dev Where the port mask sits in word 1 (after Ore and Wheat), and its width (nine ports).
    uint256 private constant PORTS_SHIFT = 170; // 2 × FIELD_BITS
    uint256 private constant PORTS_MASK = 0x1ff;
    /// @dev Where the host's tag sits in word 1 (after the port mask), and its width (the rest of the word).
    uint256 private constant TAG_SHIFT = 179; // PORTS_SHIFT + 9
    uint256 private constant TAG_BITS = 77; // 256 − TAG_SHIFT

    /// @notice The balance of `resource`.
    function balanceOf(Balances storage b, uint8 resource) internal view returns (uint256) {
        (uint256 w, uint256 shift) = _locate(resource);
        return (b.words[w] >> shift) & MAX_BALANCE;
    }

    /// @notice All five balances, in resource order.
    function all(Balances storage b) internal view returns (uint256[5] memory out) {
        uint256 w0 = b.words[0];
        uint256 w1 = b.words[1];
        out[0] = w0 & MAX_BALANCE;
        out[1] = (w0 >> FIELD_BITS) & MAX_BALANCE;
        out[2] = (w0 >> (2 * FIELD_BITS)) & MAX_BALANCE;
        out[3] = w1 & MAX_BALANCE;
        out[4] = (w1 >> FIELD_BITS) & MAX_BALANCE;
    }

    /// @notice Adds `amount` to the balance of `resource`.
    function credit(Balances storage b, uint8 resource, uint256 amount) internal {
        (uint256 w, uint256 shift) = _locate(resource);
        b.words[w] = _add(b.words[w], resource, shift, amount);
    }

    /// @notice Takes `amount` from the balance of `resource`; reverts with {InsufficientBalance} if it is short.
    function debit(Balances storage b, uint8 resource, uint256 amount) internal {
        (uint256 w, uint256 shift) = _locate(resource);
        b.words[w] = _sub(b.words[w], resource, shift, amount);
    }

    /// @notice Takes whole cards ({ONE_CARD} wei each) of every resource: `cost` holds a count per resource, one byte
    ///         each (Wood in the low byte), as the game's building costs; reverts with {InsufficientBalance} for the
    ///         first resource short. Each word is read and written once (a debit per resource read and wrote it again).
    function debitCards(Balances storage b, uint256 cost) internal {
        // Unrolled: a loop over the bytes cost ~300 gas more a payment.
        if (cost & 0xffffff != 0) {
            uint256 w = _subCards(b.words[0], 0, 0, cost & 0xff);
            w = _subCards(w, 1, FIELD_BITS, (cost >> 8) & 0xff);
            b.words[0] = _subCards(w, 2, 2 * FIELD_BITS, (cost >> 16) & 0xff);
        }
        if (cost >> 24 != 0) {
            uint256 w = _subCards(b.words[1], 3, 0, (cost >> 24) & 0xff);
            b.words[1] = _subCards(w, 4, FIELD_BITS, (cost >> 32) & 0xff);
        }
    }

    /// @notice Takes `amountIn` of `resourceIn` and adds `amountOut` of `resourceOut` (distinct, valid ids), with
    ///         word 1 as the caller read it (`word1`, from {hostWord}, unchanged since): word 0 is read only when
    ///         one of the resources is in it, and each word touched is written once.
    function exchangeWith(
        Balances storage b,
        uint256 word1,
        uint256 resourceIn,
        uint256 amountIn,
        uint256 resourceOut,
        uint256 amountOut
    ) internal {
        // Resources 0–2 are in word 0, 3–4 in word 1; a field's offset is `(resource % 3) × 85`. Unchecked: ids
        // are below 5, so nothing wraps.
        unchecked {
            bool inLow = resourceIn < 3;
            bool outLow = resourceOut < 3;
            uint256 word0 = inLow || outLow ? b.words[0] : 0;
            uint256 shiftIn = (resourceIn % 3) * FIELD_BITS;
            uint256 shiftOut = (resourceOut % 3) * FIELD_BITS;
            // {_sub} and {_add} written out on the chosen word (their two internal calls cost ~30 gas a swap).
            uint256 balance = ((inLow ? word0 : word1) >> shiftIn) & MAX_BALANCE;
            if (amountIn > balance) revert InsufficientBalance(uint8(resourceIn), balance, amountIn);
            // No borrow from the next field: amountIn ≤ balance.
            if (inLow) word0 -= amountIn << shiftIn;
            else word1 -= amountIn << shiftIn;
            balance = ((outLow ? word0 : word1) >> shiftOut) & MAX_BALANCE;
            if (amountOut > MAX_BALANCE - balance) revert BalanceOverflow(uint8(resourceOut), balance, amountOut);
            // No carry out of the field: balance + amountOut ≤ MAX_BALANCE.
            if (outLow) word0 += amountOut << shiftOut;
            else word1 += amountOut << shiftOut;
            if (inLow || outLow) b.words[0] = word0;
            if (!(inLow && outLow)) b.words[1] = word1;
        }
    }

    /// @notice The ports the player owns (bit `p` = port `p`), as the game last set them.
    function portsOwned(Balances storage b) internal view returns (uint256) {
        return (b.words[1] >> PORTS_SHIFT) & PORTS_MASK;
    }

    /// @notice Sets the ports the player owns (bit `p` = port `p`, ports 0–8). The game calls this when a
    ///         settlement or city lands on a port vertex.
    function setPortsOwned(Balances storage b, uint256 mask) internal {
        if (mask > PORTS_MASK) revert PortMaskTooWide(mask);
        b.words[1] = (b.words[1] & ~(PORTS_MASK << PORTS_SHIFT)) | (mask << PORTS_SHIFT);
    }

    /// @notice The host game's tag for this player (zero until set).
    function hostTag(Balances storage b) internal view returns (uint256) {
        return b.words[1] >> TAG_SHIFT;
    }

    /// @notice Word 1 as stored (Ore, Wheat, the port mask, the host's tag): read once by a caller that checks the
    ///         tag ({tagOf}) and then trades ({portsOf}, {exchangeWith}).
    function hostWord(Balances storage b) internal view returns (uint256) {
        return b.words[1];
    }

    /// @notice The host's tag in word 1 `word` ({hostWord}).
    function tagOf(uint256 word) internal pure returns (uint256) {
        return word >> TAG_SHIFT;
    }

    /// @notice The port mask in word 1 `word` ({hostWord}).
    function portsOf(uint256 word) internal pure returns (uint256) {
        return (word >> PORTS_SHIFT) & PORTS_MASK;
    }

    /// @notice Sets the host game's tag for this player; reverts with {HostTagTooWide} past 77 bits.
    function setHostTag(Balances storage b, uint256 tag) internal {
        if (tag >> TAG_BITS != 0) revert HostTagTooWide(tag);
        b.words[1] = (b.words[1] & ((1 << TAG_SHIFT) - 1)) | (tag << TAG_SHIFT);
    }

    /// @dev `word` less `cards` whole cards of `resource` (its field at `shift`).
    function _subCards(uint256 word, uint8 resource, uint256 shift, uint256 cards) private pure returns (uint256) {
        return cards == 0 ? word : _sub(word, resource, shift, cards * ONE_CARD);
    }

    /// @dev Word index and bit offset of `resource`'s field.
    function _locate(uint8 resource) private pure returns (uint256 w, uint256 shift) {
        // Three fields to a word: word `resource / 3`, field `resource % 3` (without a branch, ~40 gas a swap).
        // Callers validate ids (resource ≤ 4, so the word is 0 or 1); unchecked: the product cannot wrap.
        unchecked {
            return (uint256(resource) / 3, (uint256(resource) % 3) * FIELD_BITS);
        }
    }

    function _add(uint256 word, uint8 resource, uint256 shift, uint256 amount) private pure returns (uint256) {
        uint256 balance = (word >> shift) & MAX_BALANCE;
        // Unchecked: the mask keeps balance ≤ MAX_BALANCE, so the room left cannot wrap; no carry out of the field
        // either, as balance + amount ≤ MAX_BALANCE.
        unchecked {
            if (amount > MAX_BALANCE - balance) revert BalanceOverflow(resource, balance, amount);
            return word + (amount << shift);
        }
    }

    function _sub(uint256 word, uint8 resource, uint256 shift, uint256 amount) private pure returns (uint256) {
        uint256 balance = (word >> shift) & MAX_BALANCE;
        if (amount > balance) revert InsufficientBalance(resource, balance, amount);
        // Unchecked, and no borrow from the next field: amount ≤ balance.
        unchecked {
            return word - (amount << shift);
        }
    }
}
