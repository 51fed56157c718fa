// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {HEX_COUNT, VERTEX_COUNT, EDGE_COUNT, NONE} from "./BoardTypes.sol";
import {InvalidHex, InvalidVertex, InvalidEdge} from "./BoardTypes.sol";

/// @title BoardTopology
/// @notice The standard Catan layout with the one numbering every CATAMM contract, script and test uses
///         (ASCII maps in docs/catamm-board.md):
///         - hexes 0–18 row by row (rows of 3-4-5-4-3 pointy-top hexes), left to right;
///         - vertices 0–53 along six zig-zag rows of 7-9-11-11-9-7 (row k is the top outline of hex row k, row 5
///           the bottom outline of hex row 4), left to right;
///         - edges 0–71 by the height of their midpoint, top to bottom, then left to right (the zig-zag edges of
///           vertex row 0, the vertical edges of hex row 0, the zig-zag edges of vertex row 1, ...);
///         - ports 0–8 clockwise from the top-left, one per coast edge of the standard frame (a harbour on every
///           other sea hex around the island, starting at the top-left corner).
/// @dev Encoding. Each table is a list of fixed-width records packed into 256-bit constants: record `i` sits at
///      bit `(i % perWord) * width` of word `i / perWord` (`perWord = floor(256 / width)`), and a record holds up
///      to three ids in equal fields, lowest field first, ids ascending, a missing id written as all ones. The
///      constants are inlined by the compiler (PUSH32), so a lookup costs a few hundred gas (selecting the word,
///      shifting, the call) and no memory or storage; loops use the memory link table instead ({linkTable}).
///      They are generated from the TypeScript mirror by scripts/catamm/gen-topology.ts; the tests check
///      every entry against an independent computation from hex geometry.
///      Functions taking ids revert with `Invalid*` on out-of-range input; the `*Field` variants skip that check
///      for hot loops whose ids come from these tables.
library BoardTopology {
    // The generated table has 108 hex digits a line.
    // solhint-disable max-line-length
    // generated:start
    // HEX_VERTICES: 6 x 6-bit vertex ids, clockwise from the top; 36 bits per record, 7 per word.
    uint256 private constant HEX_VERTICES_0 = 0x03576193ce2d559734c2535152ca1d149324810c34e18508a2cc10300824a081;
    uint256 private constant HEX_VERTICES_1 = 0x07a8a6a81f7269e879d6239256995a18a361751f82159549d79f51341b71d491;
    uint256 private constant HEX_VERTICES_2 = 0x0000000000000000000af3d35b6ca71cb3aea9efc31a688acb6e92382aaec8a1;
    // VERTEX_VERTICES: 3 x 6-bit vertex ids, ascending, 63 = none; 18 bits per record, 14 per word.
    uint256 private constant VERTEX_VERTICES_0 = 0x05ce30d2c454c28b2424ca2091c0fd123f385fc610c143fc408a0c1fc203f201;
    uint256 private constant VERTEX_VERTICES_1 = 0x0fdc43f9596983e36576163615d55942df55351225d4d14901ff6d1fd938f346;
    uint256 private constant VERTEX_VERTICES_2 = 0x0c6aa299debe89bf9dcfe46ae96392262c8e18a05aa85f81e5287dd79c4a675b;
    uint256 private constant VERTEX_VERTICES_3 = 0x0000000000ff4b7fd73d32affcf1cb0a7fc6fff09ffb64d6eb2dae2cecaaba60;
    // VERTEX_EDGES: 3 x 7-bit edge ids, ascending, 127 = none; 21 bits per record, 12 per word.
    uint256 private constant VERTEX_EDGES_0 = 0x0283868d181c98c162c506fe4857f1217f850820203fe0c1070407f8101fc300;
    uint256 private constant VERTEX_EDGES_1 = 0x03c74aa43a70e1b288cd9a34649a23260c1725fd097fe588912024a901e3c708;
    uint256 private constant VERTEX_EDGES_2 = 0x05eb92b45cb56ac48cd62b56a91b254a54a844c5427fe9d0ff4c8101f2c94f9e;
    uint256 private constant VERTEX_EDGES_3 = 0x0ff09f7f7ad60bd78f1db480edd3a72cdfb970e1bb27cddb7f6cc7fb04cd582f;
    uint256 private constant VERTEX_EDGES_4 = 0x000000000000000000000000000000003fc783fe3c68d1607f8b122437ffe1c2;
    // VERTEX_HEXES: 3 x 5-bit hex ids, ascending, 31 = none; 15 bits per record, 17 per word.
    uint256 private constant VERTEX_HEXES_0 = 0x7fe7ffcdf308c511441290240808307c60ffc7ff8bff17c41ffc3f083ff07fe0;
    uint256 private constant VERTEX_HEXES_1 = 0x39497352d4a1ac43107fb0fff9fff5fd665a8ca315492a4a44a08820d071fce3;
    uint256 private constant VERTEX_HEXES_2 = 0x7ff1fc61ffc3ff87feffc9f27ba51745cd8c1b06b3f067fecffd7f7adeb53dca;
    uint256 private constant VERTEX_HEXES_3 = 0x00000000000000000000000000000000000000000000000000001ffcbff97e51;
    // EDGE_VERTICES: 2 x 6-bit vertex ids, ascending; 12 bits per record, 21 per word.
    uint256 private constant EDGE_VERTICES_0 = 0x054b4c94473ce38d34c30b2ca2892482073863042822001851441030c2081040;
    uint256 private constant EDGE_VERTICES_1 = 0x079d75c71b95a8d88567d47526d06996586175d65955545134d249145064f5cd;
    uint256 private constant EDGE_VERTICES_2 = 0x0be7badb6cb2baeaaa9a68a279e6ba4b22aa0a1e99c9649238e28a186081f7de;
    uint256 private constant EDGE_VERTICES_3 = 0x0000000000000000000000000000000000000d74d33cf2cb1c70c2fd6dcebc69;
    // VERTEX_PORT: 4-bit port id, 15 = none; 4 bits per record, 64 per word.
    uint256 private constant VERTEX_PORT_0 = 0x0000000000ff55f6644ffffff73ffffffff7f3ffffffff8f22ffffff8ff11f00;
    // VERTEX_LINKS: per vertex 6 bytes, (edge, neighbour across it) x 3, 0xffff = none; 26 zero bytes of padding.
    bytes private constant VERTEX_LINKS =
        hex"00010608ffff00000102ffff01010203070a02020304ffff03030405080c04040506ffff0505090effff0a081211ffff06000a070b09"
        hex"0b080c0a131307020c090d0b0d0a0e0c141508040e0b0f0d0f0c100e15170906100d110f110e1619ffff1711211bffff120717101812"
        hex"18111913221d130919121a141a131b15231f140b1b141c161c151d172421150d1d161e181e171f192523160f1f18201a20192625ffff"
        hex"2110271cffff271b281d31262212281c291e291d2a1f322823142a1e2b202b1f2c21332a24162c202d222d212e23342c25182e222f24"
        hex"2f233025352e261a3024ffff311c3627ffff362637283e2f321e372738293828392a3f31332039293a2b3a2a3b2c403334223b2b3c2d"
        hex"3c2c3d2e413535243d2dffff3e274230ffff422f4331ffff3f294330443244314533ffff402b4532463446334735ffff412d4734ffff"
        hex"0000000000000000000000000000000000000000000000000000";
    // generated:end
    // solhint-enable max-line-length

    /// @notice The six vertices of hex `hexId` as a 54-bit mask.
    function hexVertexMask(uint256 hexId) internal pure returns (uint256) {
        // One lookup in the masks below instead of setting six bits from the corner record (~450 gas a hex: a roll
        // looks up two).
        unchecked {
            uint256 h = _checkHex(hexId);
            uint256 i = h >> 2;
            uint256 w = HEX_MASKS_4;
            if (i == 0) w = HEX_MASKS_0;
            else if (i == 1) w = HEX_MASKS_1;
            else if (i == 2) w = HEX_MASKS_2;
            else if (i == 3) w = HEX_MASKS_3;
            return (w >> (64 * (h & 3))) & ((1 << 54) - 1);
        }
    }

    /// @dev Hex h's corner mask (the six vertices of its corner record, {hexCornerField}) at bits 64 × (h % 4) of
    ///      word h / 4; `BoardTopology.test.ts` checks every mask against the corners.
    uint256 private constant HEX_MASKS_0 = 0x00000000000e038000000000000070700000000000001c1c0000000000000707;
    uint256 private constant HEX_MASKS_1 = 0x0000000038070000000000000380e0000000000000e038000000000000380e00;
    uint256 private constant HEX_MASKS_2 = 0x00000038070000000000000e01c00000000000038070000000000000e01c0000;
    uint256 private constant HEX_MASKS_3 = 0x0000701c0000000000001c070000000000000701c0000000000001c070000000;
    uint256 private constant HEX_MASKS_4 = 0x00000000000000000038380000000000000e0e00000000000003838000000000;

    /// @notice The vertices adjacent to vertex `v` as a 54-bit mask.
    function vertexNeighbourMask(uint256 v) internal pure returns (uint256) {
        return _mask(vertexNeighbourField(_checkVertex(v)), 6);
    }

    /// @notice The edges at vertex `v` (two or three), ascending; `c` is NONE for a vertex with two.
    function vertexEdges(uint256 v) internal pure returns (uint256 a, uint256 b, uint256 c) {
        return _three(vertexEdgeField(_checkVertex(v)), 7);
    }

    /// @notice The edges at vertex `v` as a 72-bit mask.
    function vertexEdgeMask(uint256 v) internal pure returns (uint256) {
        return _mask(vertexEdgeField(_checkVertex(v)), 7);
    }

    /// @notice The hexes around vertex `v` (one to three), ascending; missing ones are NONE.
    function vertexHexes(uint256 v) internal pure returns (uint256 a, uint256 b, uint256 c) {
        return _three(vertexHexField(_checkVertex(v)), 5);
    }

    /// @notice The two vertices of edge `e`, `a < b`.
    function edgeVertices(uint256 e) internal pure returns (uint256 a, uint256 b) {
        uint256 f = edgeVertexField(_checkEdge(e));
        return (f & 63, f >> 6);
    }

    /// @notice The two vertices of edge `e` as a 54-bit mask.
    function edgeVertexMask(uint256 e) internal pure returns (uint256) {
        uint256 f = edgeVertexField(_checkEdge(e));
        return (1 << (f & 63)) | (1 << (f >> 6));
    }

    /// @notice The port at vertex `v`, or NONE.
    function vertexPort(uint256 v) internal pure returns (uint256) {
        uint256 p = (VERTEX_PORT_0 >> (4 * _checkVertex(v))) & 15;
        return p == 15 ? NONE : p;
    }

    /// @notice The vertex link table, copied into memory, for loops that do many lookups (one `mload` each, see
    ///         {linksOf}) instead of a few hundred gas per lookup in the packed words. Copying it costs about the
    ///         same as one such lookup.
    /// @dev Per vertex 6 bytes: three (edge id, vertex id across that edge) byte pairs, edges ascending, 0xffff
    ///      for a missing third; then 26 zero bytes so that a 32-byte read at any record stays inside the table.
    function linkTable() internal pure returns (bytes memory) {
        return VERTEX_LINKS;
    }

    /// @notice Record of vertex `v` in a table from {linkTable}: 48 bits, slot 0 highest: bits `[40 - 16i, 48 - 16i)`
    ///         hold edge `i` (0xff = none) and bits `[32 - 16i, 40 - 16i)` the vertex across it. No range check.
    function linksOf(bytes memory table, uint256 v) internal pure returns (uint256 record) {
        // Read the 32 bytes from the record's first byte and keep the top 6 (in bounds thanks to the padding).
        assembly ("memory-safe") {
            record := shr(208, mload(add(add(table, 32), mul(v, 6))))
        }
    }

    /// @notice Raw record of hex `hexId`'s corners: six 6-bit vertex ids, corner 0 (top) lowest. No range check.
    function hexCornerField(uint256 hexId) internal pure returns (uint256) {
        return _record(hexId, 36, HEX_VERTICES_0, HEX_VERTICES_1, HEX_VERTICES_2, 0, 0);
    }

    /// @notice Raw record of vertex `v`'s neighbours: three 6-bit vertex ids, ascending, 63 = none. No range check.
    function vertexNeighbourField(uint256 v) internal pure returns (uint256) {
        return _record(v, 18, VERTEX_VERTICES_0, VERTEX_VERTICES_1, VERTEX_VERTICES_2, VERTEX_VERTICES_3, 0);
    }

    /// @notice Raw record of vertex `v`'s edges: three 7-bit edge ids, ascending, 127 = none. No range check.
    function vertexEdgeField(uint256 v) internal pure returns (uint256) {
        return _record(v, 21, VERTEX_EDGES_0, VERTEX_EDGES_1, VERTEX_EDGES_2, VERTEX_EDGES_3, VERTEX_EDGES_4);
    }

    /// @notice Raw record of vertex `v`'s hexes: three 5-bit hex ids, ascending, 31 = none. No range check.
    function vertexHexField(uint256 v) internal pure returns (uint256) {
        return _record(v, 15, VERTEX_HEXES_0, VERTEX_HEXES_1, VERTEX_HEXES_2, VERTEX_HEXES_3, 0);
    }

    /// @notice Raw record of edge `e`'s vertices: two 6-bit vertex ids, the lower one in bits 0–5. No range check.
    function edgeVertexField(uint256 e) internal pure returns (uint256) {
        return _record(e, 12, EDGE_VERTICES_0, EDGE_VERTICES_1, EDGE_VERTICES_2, EDGE_VERTICES_3, 0);
    }

    /// @dev Record `i` of a table of `width`-bit records spread over up to five words.
    function _record(
        uint256 i,
        uint256 width,
        uint256 w0,
        uint256 w1,
        uint256 w2,
        uint256 w3,
        uint256 w4
    ) private pure returns (uint256) {
        unchecked {
            uint256 perWord = 256 / width;
            uint256 word = i / perWord;
            uint256 packed = w4;
            if (word == 0) packed = w0;
            else if (word == 1) packed = w1;
            else if (word == 2) packed = w2;
            else if (word == 3) packed = w3;
            return (packed >> ((i % perWord) * width)) & ((1 << width) - 1);
        }
    }

    /// @dev Splits a record of three `bits`-wide ids; an all-ones field becomes NONE.
    function _three(uint256 f, uint256 bits) private pure returns (uint256 a, uint256 b, uint256 c) {
        unchecked {
            uint256 m = (1 << bits) - 1;
            a = f & m;
            b = (f >> bits) & m;
            c = f >> (2 * bits);
            if (b == m) b = NONE;
            if (c == m) c = NONE;
        }
    }

    /// @dev The mask of the ids in a record of three `bits`-wide fields whose first two are always present
    ///      (neighbours and edges: every vertex has two or three).
    function _mask(uint256 f, uint256 bits) private pure returns (uint256 mask) {
        unchecked {
            uint256 m = (1 << bits) - 1;
            mask = (1 << (f & m)) | (1 << ((f >> bits) & m));
            uint256 c = f >> (2 * bits);
            if (c != m) mask |= 1 << c;
        }
    }

    function _checkHex(uint256 hexId) private pure returns (uint256) {
        if (hexId >= HEX_COUNT) revert InvalidHex(hexId);
        return hexId;
    }

    function _checkVertex(uint256 v) private pure returns (uint256) {
        if (v >= VERTEX_COUNT) revert InvalidVertex(v);
        return v;
    }

    function _checkEdge(uint256 e) private pure returns (uint256) {
        if (e >= EDGE_COUNT) revert InvalidEdge(e);
        return e;
    }
}
