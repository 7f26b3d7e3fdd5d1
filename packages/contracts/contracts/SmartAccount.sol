// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BaseAccount} from "@account-abstraction/contracts/core/BaseAccount.sol";
import {SIG_VALIDATION_FAILED, SIG_VALIDATION_SUCCESS, _packValidationData} from "@account-abstraction/contracts/core/Helpers.sol";
import {UserOperationLib} from "@account-abstraction/contracts/core/UserOperationLib.sol";
import {TokenCallbackHandler} from "@account-abstraction/contracts/accounts/callback/TokenCallbackHandler.sol";
import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {PackedUserOperation} from "@account-abstraction/contracts/interfaces/PackedUserOperation.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ERC7739} from "@openzeppelin/contracts/utils/cryptography/signers/draft-ERC7739.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";
import {IERC1155Receiver} from "@openzeppelin/contracts/token/ERC1155/IERC1155Receiver.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title SmartAccount
/// @notice ERC-4337 (EntryPoint v0.8) account owned by one ECDSA key, with policy-bound session keys.
///
/// User operation signatures (over the EIP-712 user-operation hash of EntryPoint v0.8):
///  - 65 bytes: the owner's signature;
///  - 85 bytes: sessionKey (20 bytes) followed by that session key's signature (65 bytes).
///
/// A session key may only send `execute(target, 0, data)`, or `executeBatch` of such calls (a batch of badge
/// claims in one operation), where target and the selector of every data are its policy's, before its expiry, while not revoked, and while the maximum cost of the operation plus what its
/// operations already could cost stays within its lifetime fee limit (spec point 4).
///
/// EIP-1271 signatures are ERC-7739 nested typed data bound to this account's EIP-712 domain (name
/// "SmartAccount", version "1", chain id, this address): a message signature is the owner's signature of
/// PersonalSign(bytes prefixed) in that domain, a typed-data signature the owner's signature of the app's
/// TypedDataSign(contents, this account's domain fields) followed by the app separator, the contents hash and
/// type. A signature made for one account is therefore refused by every other account, even of the same owner.
contract SmartAccount is BaseAccount, TokenCallbackHandler, ERC7739, Initializable {
    using UserOperationLib for PackedUserOperation;

    /// Status codes of spec point 4: NotInitialized 0, Active 1, Closed 2, Expired 3.
    enum SessionKeyStatus {
        NotInitialized,
        Active,
        Closed,
        Expired
    }

    struct SessionKey {
        address target;
        bytes4 selector;
        uint48 validUntil;
        bool isRevoked;
        /// Lifetime limit of what the key's operations may cost, in wei.
        uint128 feeLimitWei;
        /// Sum of the maximum costs (EntryPoint prefunds) of the key's validated operations, in wei.
        uint128 spentWei;
    }

    uint256 private constant OWNER_SIGNATURE_LENGTH = 65;
    uint256 private constant SESSION_SIGNATURE_LENGTH = 85;

    IEntryPoint private immutable _entryPoint;

    address public owner;
    mapping(address key => SessionKey session) private _sessionKeys;

    event SmartAccountInitialized(IEntryPoint indexed entryPoint, address indexed owner);
    event SessionKeyAdded(
        address indexed key, address indexed target, bytes4 selector, uint128 feeLimitWei, uint48 validUntil
    );
    event SessionKeyRevoked(address indexed key);
    event SessionKeyUsed(address indexed key, uint256 maxCostWei, uint256 spentWei);

    error NotOwner(address caller);
    error NotOwnerOrEntryPoint(address caller);
    error InvalidSessionKey(address key);
    error InvalidSessionTarget(address target);
    error InvalidSessionExpiry(uint48 validUntil);
    error SessionKeyAlreadyExists(address key);
    error SessionKeyNotActive(address key, SessionKeyStatus status);

    modifier onlyOwner() {
        // Directly from the owner, or from the account itself through an owner-signed user operation.
        if (msg.sender != owner && msg.sender != address(this)) revert NotOwner(msg.sender);
        _;
    }

    constructor(IEntryPoint anEntryPoint) EIP712("SmartAccount", "1") {
        _entryPoint = anEntryPoint;
        _disableInitializers();
    }

    function initialize(address anOwner) external initializer {
        owner = anOwner;
        emit SmartAccountInitialized(_entryPoint, anOwner);
    }

    receive() external payable {}

    /// @inheritdoc BaseAccount
    function entryPoint() public view override returns (IEntryPoint) {
        return _entryPoint;
    }

    // ---------------------------------------------------------------- session keys

    /// @notice Allows `key` to call `selector` on `target` through `execute`, until `validUntil` (unix seconds),
    /// for operations whose total maximum cost stays within `feeLimitWei`. Keys are single use identities:
    /// a key that was ever added cannot be added again.
    function addSessionKey(address key, address target, bytes4 selector, uint128 feeLimitWei, uint48 validUntil)
        external
        onlyOwner
    {
        if (key == address(0) || key == owner) revert InvalidSessionKey(key);
        // The account itself is never a session target: that would let a key manage keys or the account.
        if (target == address(0) || target == address(this)) revert InvalidSessionTarget(target);
        if (validUntil <= block.timestamp) revert InvalidSessionExpiry(validUntil);
        if (_sessionKeys[key].validUntil != 0) revert SessionKeyAlreadyExists(key);
        _sessionKeys[key] = SessionKey({
            target: target,
            selector: selector,
            validUntil: validUntil,
            isRevoked: false,
            feeLimitWei: feeLimitWei,
            spentWei: 0
        });
        emit SessionKeyAdded(key, target, selector, feeLimitWei, validUntil);
    }

    /// @notice Closes an active session key for good.
    function revokeSessionKey(address key) external onlyOwner {
        SessionKeyStatus status = sessionKeyStatus(key);
        if (status != SessionKeyStatus.Active) revert SessionKeyNotActive(key, status);
        _sessionKeys[key].isRevoked = true;
        emit SessionKeyRevoked(key);
    }

    function sessionKeyStatus(address key) public view returns (SessionKeyStatus) {
        SessionKey storage session = _sessionKeys[key];
        if (session.validUntil == 0) return SessionKeyStatus.NotInitialized;
        if (session.isRevoked) return SessionKeyStatus.Closed;
        if (block.timestamp > session.validUntil) return SessionKeyStatus.Expired;
        return SessionKeyStatus.Active;
    }

    /// @notice The policy and spending of `key`.
    function getSessionKey(address key) external view returns (SessionKey memory) {
        return _sessionKeys[key];
    }

    // ---------------------------------------------------------------- validation

    function _requireForExecute() internal view override {
        if (msg.sender != address(entryPoint()) && msg.sender != owner) revert NotOwnerOrEntryPoint(msg.sender);
    }

    /// @dev Policy failures return SIG_VALIDATION_FAILED instead of reverting, as ERC-4337 asks of signature
    /// checks, so bundler simulations report them as invalid signatures.
    function _validateSignature(PackedUserOperation calldata userOp, bytes32 userOpHash)
        internal
        override
        returns (uint256 validationData)
    {
        bytes calldata signature = userOp.signature;
        if (signature.length == OWNER_SIGNATURE_LENGTH) {
            return _recovers(userOpHash, signature, owner) ? SIG_VALIDATION_SUCCESS : SIG_VALIDATION_FAILED;
        }
        if (signature.length != SESSION_SIGNATURE_LENGTH) return SIG_VALIDATION_FAILED;

        address key = address(bytes20(signature[0:20]));
        SessionKey storage session = _sessionKeys[key];
        if (session.validUntil == 0 || session.isRevoked) return SIG_VALIDATION_FAILED;
        if (!_isAllowedSessionCall(userOp.callData, session.target, session.selector)) return SIG_VALIDATION_FAILED;

        uint256 maxCostWei = _maxCost(userOp);
        uint256 spentWei = uint256(session.spentWei) + maxCostWei;
        bool isWithinFeeLimit = spentWei <= session.feeLimitWei;
        // Written even when the operation is refused (a failed validation reverts the whole bundle anyway), so
        // gas estimation with a stub signature or over-sized gas limits walks the same path as the real call.
        session.spentWei = spentWei > type(uint128).max ? type(uint128).max : uint128(spentWei);
        emit SessionKeyUsed(key, maxCostWei, spentWei);

        bool isSigned = _recovers(userOpHash, signature[20:], key);
        // Expiry goes to the EntryPoint as validUntil (validation code should not read block.timestamp).
        return _packValidationData(!isSigned || !isWithinFeeLimit, session.validUntil, 0);
    }

    /// @dev The EntryPoint v0.8 prefund: every gas limit of the operation times maxFeePerGas.
    function _maxCost(PackedUserOperation calldata userOp) private pure returns (uint256) {
        uint256 gasLimit = userOp.unpackVerificationGasLimit() + userOp.unpackCallGasLimit() + userOp.preVerificationGas;
        if (userOp.paymasterAndData.length >= UserOperationLib.PAYMASTER_DATA_OFFSET) {
            gasLimit += userOp.unpackPaymasterVerificationGasLimit() + userOp.unpackPostOpGasLimit();
        }
        return gasLimit * userOp.unpackMaxFeePerGas();
    }

    /// @dev Only `execute(target, 0, data)`, or `executeBatch` of one or more such calls, with every data starting
    /// with the allowed selector.
    function _isAllowedSessionCall(bytes calldata callData, address allowedTarget, bytes4 allowedSelector)
        private
        pure
        returns (bool)
    {
        if (callData.length < 4) return false;
        bytes4 accountSelector = bytes4(callData[0:4]);
        if (accountSelector == BaseAccount.execute.selector) {
            (address target, uint256 value, bytes memory data) =
                abi.decode(callData[4:], (address, uint256, bytes));
            return _isAllowedInnerCall(target, value, data, allowedTarget, allowedSelector);
        }
        if (accountSelector == BaseAccount.executeBatch.selector) {
            BaseAccount.Call[] memory calls = abi.decode(callData[4:], (BaseAccount.Call[]));
            if (calls.length == 0) return false;
            for (uint256 i = 0; i < calls.length; i++) {
                if (!_isAllowedInnerCall(calls[i].target, calls[i].value, calls[i].data, allowedTarget, allowedSelector))
                {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    function _isAllowedInnerCall(
        address target,
        uint256 value,
        bytes memory data,
        address allowedTarget,
        bytes4 allowedSelector
    ) private pure returns (bool) {
        if (target != allowedTarget || value != 0 || data.length < 4) return false;
        return bytes4(data) == allowedSelector;
    }

    function _recovers(bytes32 hash, bytes calldata signature, address expected) private pure returns (bool) {
        (address recovered, ECDSA.RecoverError error,) = ECDSA.tryRecover(hash, signature);
        return error == ECDSA.RecoverError.NoError && recovered == expected && expected != address(0);
    }

    // ---------------------------------------------------------------- EIP-1271 and introspection

    /// @dev The owner's signature of the ERC-7739 nested hash (which already binds this account's domain);
    /// isValidSignature (EIP-1271) comes from ERC7739.
    function _rawSignatureValidation(bytes32 hash, bytes calldata signature) internal view override returns (bool) {
        return _recovers(hash, signature, owner);
    }

    function supportsInterface(bytes4 interfaceId) external pure override returns (bool) {
        return interfaceId == type(IERC721Receiver).interfaceId || interfaceId == type(IERC1155Receiver).interfaceId
            || interfaceId == type(IERC1271).interfaceId || interfaceId == type(IERC165).interfaceId;
    }

    // ---------------------------------------------------------------- deposit

    /// @notice This account's deposit in the EntryPoint.
    function getDeposit() external view returns (uint256) {
        return entryPoint().balanceOf(address(this));
    }

    function addDeposit() external payable {
        entryPoint().depositTo{value: msg.value}(address(this));
    }

    function withdrawDepositTo(address payable withdrawAddress, uint256 amount) external onlyOwner {
        entryPoint().withdrawTo(withdrawAddress, amount);
    }
}
