// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title ProfileRegistry
/// @notice On-chain profile handles: one profile per owner, handles unique and immutable.
/// A handle is 4 to 15 bytes of lowercase letters, digits and underscore.
/// There is deliberately no function that changes or releases a handle.
/// Only registrars (the product API's key) create profiles: the API checks the handle rule, the reserved list and
/// the player's account and budget first, so nobody can squat or front-run a handle on chain.
contract ProfileRegistry is Ownable {
    uint256 public constant MIN_HANDLE_LENGTH = 4;
    uint256 public constant MAX_HANDLE_LENGTH = 15;

    /// @notice Number of profiles created; profile ids run from 1 to profileCount (0 means "no profile").
    uint256 public profileCount;

    mapping(address owner => uint256 profileId) private _profileOf;
    mapping(bytes32 handleHash => uint256 profileId) private _profileIdOfHandle;
    mapping(uint256 profileId => string handle) private _handleOf;
    mapping(uint256 profileId => address owner) private _ownerOf;

    /// @notice Addresses allowed to create profiles on behalf of others (the API's key).
    mapping(address account => bool allowed) public isRegistrar;

    event ProfileCreated(uint256 indexed profileId, address indexed owner, string handle);
    event RegistrarSet(address indexed registrar, bool allowed);

    error InvalidHandle(string handle);
    error HandleTaken(string handle);
    error ProfileAlreadyExists(address owner, uint256 profileId);
    error NotRegistrar(address caller);
    error ZeroOwner();

    constructor(address initialOwner) Ownable(initialOwner) {}

    /// @notice Creates a profile for `profileOwner` (e.g. a smart account), callable by a registrar only.
    function createProfileFor(address profileOwner, string calldata handle) external returns (uint256 profileId) {
        if (!isRegistrar[msg.sender]) revert NotRegistrar(msg.sender);
        if (profileOwner == address(0)) revert ZeroOwner();
        return _create(profileOwner, handle);
    }

    function setRegistrar(address registrar, bool allowed) external onlyOwner {
        isRegistrar[registrar] = allowed;
        emit RegistrarSet(registrar, allowed);
    }

    /// @notice The profile id of `profileOwner`, 0 when it has none.
    function profileOf(address profileOwner) external view returns (uint256) {
        return _profileOf[profileOwner];
    }

    /// @notice The profile id holding `handle`, 0 when the handle is free.
    function profileIdOfHandle(string calldata handle) external view returns (uint256) {
        return _profileIdOfHandle[keccak256(bytes(handle))];
    }

    /// @notice The handle of `profileId`, empty when the profile does not exist.
    function handleOf(uint256 profileId) external view returns (string memory) {
        return _handleOf[profileId];
    }

    /// @notice The owner of `profileId`, the zero address when the profile does not exist.
    function ownerOfProfile(uint256 profileId) external view returns (address) {
        return _ownerOf[profileId];
    }

    /// @notice Whether `handle` satisfies the handle rule (4..15 bytes of [a-z0-9_]).
    function isValidHandle(string calldata handle) public pure returns (bool) {
        bytes calldata raw = bytes(handle);
        if (raw.length < MIN_HANDLE_LENGTH || raw.length > MAX_HANDLE_LENGTH) return false;
        for (uint256 i = 0; i < raw.length; i++) {
            bytes1 c = raw[i];
            bool isLower = c >= 0x61 && c <= 0x7a;
            bool isDigit = c >= 0x30 && c <= 0x39;
            if (!isLower && !isDigit && c != 0x5f) return false;
        }
        return true;
    }

    function _create(address profileOwner, string calldata handle) private returns (uint256 profileId) {
        if (!isValidHandle(handle)) revert InvalidHandle(handle);
        uint256 existing = _profileOf[profileOwner];
        if (existing != 0) revert ProfileAlreadyExists(profileOwner, existing);
        bytes32 handleHash = keccak256(bytes(handle));
        if (_profileIdOfHandle[handleHash] != 0) revert HandleTaken(handle);

        profileId = ++profileCount;
        _profileOf[profileOwner] = profileId;
        _profileIdOfHandle[handleHash] = profileId;
        _handleOf[profileId] = handle;
        _ownerOf[profileId] = profileOwner;
        emit ProfileCreated(profileId, profileOwner, handle);
    }
}
