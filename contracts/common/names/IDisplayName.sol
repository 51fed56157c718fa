// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IDisplayName
/// @notice The errors of the display-name rule (DisplayName), declared once: every contract that takes a name
///         inherits this interface so that its ABI decodes them (the check runs in the linked library).
interface IDisplayName {
    /// @notice The name is longer than the maximum. @param length Its length in bytes. @param max The maximum.
    error NameTooLong(uint256 length, uint256 max);
    /// @notice The name contains a control character (a line break, a tab, ...). @param index The byte it starts at.
    error NameHasControlCharacter(uint256 index);
    /// @notice The name contains an invisible format character (Unicode category Cf: a zero-width space or joiner, a
    ///         direction mark, override or isolate, a byte-order mark, a soft hyphen, ...), which could make it pass
    ///         for another name or reorder the text around it. @param index The byte it starts at.
    error NameHasFormatCharacter(uint256 index);
    /// @notice The name is not UTF-8 text. @param index The byte where the invalid sequence starts.
    error NameNotUtf8(uint256 index);
}
