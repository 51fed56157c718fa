// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice Test stand-in for the EIP-2935 block-hash history contract, placed at its address with `hardhat_setCode`
///         (Hardhat 2's in-process network ships a placeholder there that reverts). Like the real one it answers a
///         32-byte block number with that block's hash and reverts outside the last 8,191 blocks; the hashes are
///         the chain's real ones, copied in by the test with {record} (the real contract is written by the client).
contract BlockHashHistoryMock {
    mapping(uint256 blockNumber => bytes32) private _hashes;

    /// @notice Records `hash` as the hash of block `blockNumber`.
    function record(uint256 blockNumber, bytes32 hash) external {
        _hashes[blockNumber] = hash;
    }

    /// @notice A block outside the history's reach, or one the test did not record.
    error NotInHistory(uint256 blockNumber);

    /// @notice EIP-2935's `get`: the input is a 32-byte block number, the output its hash. (EIP-2935 defines the
    ///         history contract's interface as its fallback, so this one is one too.)
    // solhint-disable-next-line no-complex-fallback
    fallback(bytes calldata input) external returns (bytes memory) {
        uint256 n = abi.decode(input, (uint256));
        bytes32 hash = _hashes[n];
        if (n >= block.number || block.number - n > 8191 || hash == 0) revert NotInHistory(n);
        return abi.encode(hash);
    }
}
