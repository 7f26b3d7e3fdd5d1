// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {ERC1967Proxy} from "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import {Create2} from "@openzeppelin/contracts/utils/Create2.sol";
import {SmartAccount} from "./SmartAccount.sol";

/// @title SmartAccountFactory
/// @notice Deploys SmartAccount proxies at CREATE2 (counterfactual) addresses derived from (owner, salt).
/// A user operation's initCode is this factory plus `createAccount(owner, salt)`.
contract SmartAccountFactory {
    SmartAccount public immutable accountImplementation;

    constructor(IEntryPoint entryPoint) {
        accountImplementation = new SmartAccount(entryPoint);
    }

    /// @notice Deploys the account of (`owner`, `salt`), or returns it when it already exists (so
    /// EntryPoint.getSenderAddress works before and after deployment).
    function createAccount(address owner, uint256 salt) external returns (SmartAccount account) {
        address predicted = getAddress(owner, salt);
        if (predicted.code.length > 0) return SmartAccount(payable(predicted));
        account = SmartAccount(
            payable(new ERC1967Proxy{salt: bytes32(salt)}(address(accountImplementation), _initCall(owner)))
        );
    }

    /// @notice The address `createAccount(owner, salt)` deploys to.
    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes memory creationCode = abi.encodePacked(
            type(ERC1967Proxy).creationCode, abi.encode(address(accountImplementation), _initCall(owner))
        );
        return Create2.computeAddress(bytes32(salt), keccak256(creationCode));
    }

    function _initCall(address owner) private pure returns (bytes memory) {
        return abi.encodeCall(SmartAccount.initialize, (owner));
    }
}
