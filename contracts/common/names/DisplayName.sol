// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IDisplayName} from "./IDisplayName.sol";

/// @title DisplayName
/// @notice The one rule for the names players show (a tournament registration, a room seat): at most {MAX_LENGTH}
///         bytes of UTF-8 text without control characters or invisible format characters. The empty name means "no
///         name" (the address is shown).
/// @dev Checked on calldata, byte by byte: a valid UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, nothing
///      above U+10FFFF) that is not a control character (Unicode category Cc: U+0000..U+001F, U+007F..U+009F) nor a
///      format character (category Cf, the whole of it as of Unicode 17.0: zero-width spaces and joiners,
///      direction marks, embeddings, overrides and isolates, the byte-order mark, the soft hyphen, invisible
///      operators, tag characters, ...; see {_isFormat}): those draw nothing or reorder the text around them, so a
///      name could pass for another or reverse the address shown beside it. Other code points (letters of any
///      script, emoji, spaces) are allowed. client/common/names.ts mirrors this rule for
///      forms and tasks, and test/common/names/DisplayName.test.ts checks that both agree on random bytes.
///      {check} is external: the library is deployed once and linked (SnatchRooms has little EIP-170 room left; a
///      named call pays one DELEGATECALL, ~3k gas). Its errors are declared in IDisplayName, which every contract
///      taking a name inherits. {toWord} and {fromWord} are internal (inlined).
library DisplayName {
    /// @notice Longest name, in bytes (UTF-8: a letter like "é" takes 2, most emoji 4).
    uint256 internal constant MAX_LENGTH = 32;

    /// @notice Reverts with the problem of `name`, if it has one (the empty name passes: it means "no name").
    /// @param name The name as given to the contract.
    function check(string calldata name) external pure {
        bytes calldata b = bytes(name);
        uint256 n = b.length;
        if (n > MAX_LENGTH) revert IDisplayName.NameTooLong(n, MAX_LENGTH);
        uint256 i;
        while (i < n) {
            uint8 c = uint8(b[i]);
            if (c < 0x80) {
                if (c < 0x20 || c == 0x7f) revert IDisplayName.NameHasControlCharacter(i);
                ++i;
                continue;
            }
            // A multi-byte sequence: its length from the lead byte, the allowed range of its second byte (which rules
            // out overlong forms, surrogates and code points above U+10FFFF), then plain continuation bytes.
            uint256 len;
            uint8 lo = 0x80;
            uint8 hi = 0xbf;
            if (c >= 0xc2 && c <= 0xdf) {
                len = 2;
            } else if (c >= 0xe0 && c <= 0xef) {
                len = 3;
                if (c == 0xe0) lo = 0xa0;
                else if (c == 0xed) hi = 0x9f;
            } else if (c >= 0xf0 && c <= 0xf4) {
                len = 4;
                if (c == 0xf0) lo = 0x90;
                else if (c == 0xf4) hi = 0x8f;
            } else {
                revert IDisplayName.NameNotUtf8(i);
            }
            if (n - i < len) revert IDisplayName.NameNotUtf8(i);
            uint8 second = uint8(b[i + 1]);
            if (second < lo || second > hi) revert IDisplayName.NameNotUtf8(i);
            for (uint256 k = 2; k < len; ++k) {
                uint8 next = uint8(b[i + k]);
                if (next < 0x80 || next > 0xbf) revert IDisplayName.NameNotUtf8(i);
            }
            // U+0080..U+009F (C1 controls) are C2 80..C2 9F.
            if (c == 0xc2 && second < 0xa0) revert IDisplayName.NameHasControlCharacter(i);
            if (_isFormat(_codePoint(b, i, len))) revert IDisplayName.NameHasFormatCharacter(i);
            i += len;
        }
    }

    /// @dev The code point of the valid `len`-byte UTF-8 sequence at `b[i]` (2 to 4 bytes).
    function _codePoint(bytes calldata b, uint256 i, uint256 len) private pure returns (uint256 cp) {
        cp = uint8(b[i]) & (0x7f >> len); // the lead byte's payload: 5, 4 or 3 bits
        for (uint256 k = 1; k < len; ++k) cp = (cp << 6) | (uint8(b[i + k]) & 0x3f);
    }

    /// @dev Whether `cp` (at least U+0080) is a format character: Unicode 17.0's category Cf, range by range.
    function _isFormat(uint256 cp) private pure returns (bool) {
        if (cp < 0x2000) {
            return
                cp == 0xad || // soft hyphen
                (cp >= 0x600 && cp <= 0x605) || // Arabic number signs
                cp == 0x61c || // Arabic letter mark
                cp == 0x6dd ||
                cp == 0x70f ||
                cp == 0x890 ||
                cp == 0x891 ||
                cp == 0x8e2 ||
                cp == 0x180e; // Mongolian vowel separator
        }
        if (cp < 0x10000) {
            return
                (cp >= 0x200b && cp <= 0x200f) || // zero-width space, (non-)joiner, LRM, RLM
                (cp >= 0x202a && cp <= 0x202e) || // embeddings and overrides
                (cp >= 0x2060 && cp <= 0x2064) || // word joiner, invisible operators
                (cp >= 0x2066 && cp <= 0x206f) || // isolates, deprecated format characters
                cp == 0xfeff || // byte-order mark, zero-width no-break space
                (cp >= 0xfff9 && cp <= 0xfffb); // interlinear annotation
        }
        return
            cp == 0x110bd ||
            cp == 0x110cd ||
            (cp >= 0x13430 && cp <= 0x1343f) || // Egyptian hieroglyph format controls
            (cp >= 0x1bca0 && cp <= 0x1bca3) || // shorthand format controls
            (cp >= 0x1d173 && cp <= 0x1d17a) || // musical symbol format controls
            cp == 0xe0001 ||
            (cp >= 0xe0020 && cp <= 0xe007f); // tag characters (invisible ASCII)
    }

    /// @notice `name` packed into one word (left-aligned, zero-padded), for storage. `name` must have passed {check}:
    ///         a valid name has no zero byte, so {fromWord} recovers it exactly.
    /// @param name A checked name (at most 32 bytes).
    /// @return word The packed name.
    function toWord(string calldata name) internal pure returns (bytes32 word) {
        return bytes32(bytes(name));
    }

    /// @notice The name packed by {toWord} (up to its first zero byte).
    /// @param word A packed name.
    /// @return name The name ("" for the zero word).
    function fromWord(bytes32 word) internal pure returns (string memory name) {
        uint256 n;
        while (n < 32 && word[n] != 0) ++n;
        bytes memory b = new bytes(n);
        for (uint256 i; i < n; ++i) b[i] = word[i];
        return string(b);
    }
}
