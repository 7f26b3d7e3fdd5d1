// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BasePaymaster} from "@account-abstraction/contracts/core/BasePaymaster.sol";
import {_packValidationData} from "@account-abstraction/contracts/core/Helpers.sol";
import {UserOperationLib} from "@account-abstraction/contracts/core/UserOperationLib.sol";
import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {PackedUserOperation} from "@account-abstraction/contracts/interfaces/PackedUserOperation.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/// @title VerifyingPaymaster
/// @notice Sponsors user operations that an off-chain signer (the API) approved.
///
/// paymasterAndData = paymaster (20) | verificationGasLimit (16) | postOpGasLimit (16)
///                  | validUntil (6) | validAfter (6) | signature (65)
/// The signature is the signer's EIP-191 signature of getHash(userOp, validUntil, validAfter), which covers
/// every field of the operation except its signatures, plus the chain id and this paymaster's address.
///
/// Only allowed bundlers may submit sponsored operations (checked on tx.origin during validation, so a foreign
/// submitter's whole handleOps reverts): whoever submits is paid the operation's gas at its signed price, so a
/// player sending their own sponsored operation with their own beneficiary would otherwise keep the difference
/// between what the operation pays and what their transaction cost. This makes the paymaster unfit for the public
/// ERC-4337 mempool (ERC-7562 bans ORIGIN in validation); `setOpenToAnyBundler(true)` lifts the check (the
/// opcode is then never executed) for a deployment that must use such a bundler.
contract VerifyingPaymaster is BasePaymaster {
    using UserOperationLib for PackedUserOperation;

    uint256 private constant VALID_TIMESTAMP_OFFSET = UserOperationLib.PAYMASTER_DATA_OFFSET;
    uint256 private constant SIGNATURE_OFFSET = VALID_TIMESTAMP_OFFSET + 12;
    uint256 private constant SIGNATURE_LENGTH = 65;

    address public verifyingSigner;
    /// Transaction senders (bundler executors) allowed to carry sponsored operations.
    mapping(address bundler => bool) public isBundlerAllowed;
    /// When set, any submitter is accepted (no tx.origin check).
    bool public isOpenToAnyBundler;

    event VerifyingSignerChanged(address indexed previousSigner, address indexed newSigner);
    event BundlerAllowedChanged(address indexed bundler, bool isAllowed);
    event OpenToAnyBundlerChanged(bool isOpen);

    error InvalidPaymasterData(uint256 length);
    error ZeroSigner();
    error BundlerNotAllowed(address origin);

    constructor(IEntryPoint anEntryPoint, address signer) BasePaymaster(anEntryPoint) {
        if (signer == address(0)) revert ZeroSigner();
        verifyingSigner = signer;
        emit VerifyingSignerChanged(address(0), signer);
    }

    function setVerifyingSigner(address signer) external onlyOwner {
        if (signer == address(0)) revert ZeroSigner();
        emit VerifyingSignerChanged(verifyingSigner, signer);
        verifyingSigner = signer;
    }

    function setBundlerAllowed(address bundler, bool isAllowed) external onlyOwner {
        isBundlerAllowed[bundler] = isAllowed;
        emit BundlerAllowedChanged(bundler, isAllowed);
    }

    function setOpenToAnyBundler(bool isOpen) external onlyOwner {
        isOpenToAnyBundler = isOpen;
        emit OpenToAnyBundlerChanged(isOpen);
    }

    /// @notice The hash the signer signs (EIP-191) to sponsor `userOp` between `validAfter` and `validUntil`.
    function getHash(PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter)
        public
        view
        returns (bytes32)
    {
        return keccak256(
            abi.encode(
                userOp.sender,
                userOp.nonce,
                keccak256(userOp.initCode),
                keccak256(userOp.callData),
                userOp.accountGasLimits,
                // paymaster gas limits are signed too
                bytes32(userOp.paymasterAndData[UserOperationLib.PAYMASTER_VALIDATION_GAS_OFFSET:VALID_TIMESTAMP_OFFSET]),
                userOp.preVerificationGas,
                userOp.gasFees,
                block.chainid,
                address(this),
                validUntil,
                validAfter
            )
        );
    }

    /// @notice Splits the paymaster-specific part of paymasterAndData.
    function parsePaymasterAndData(bytes calldata paymasterAndData)
        public
        pure
        returns (uint48 validUntil, uint48 validAfter, bytes calldata signature)
    {
        if (paymasterAndData.length != SIGNATURE_OFFSET + SIGNATURE_LENGTH) {
            revert InvalidPaymasterData(paymasterAndData.length);
        }
        validUntil = uint48(bytes6(paymasterAndData[VALID_TIMESTAMP_OFFSET:VALID_TIMESTAMP_OFFSET + 6]));
        validAfter = uint48(bytes6(paymasterAndData[VALID_TIMESTAMP_OFFSET + 6:SIGNATURE_OFFSET]));
        signature = paymasterAndData[SIGNATURE_OFFSET:];
    }

    /// @dev A wrong signature returns SIG_VALIDATION_FAILED (not a revert) so a stub signature still allows gas
    /// estimation; malformed data and a signed operation in a transaction from a bundler that is not allowed
    /// revert.
    function _validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32, uint256)
        internal
        view
        override
        returns (bytes memory context, uint256 validationData)
    {
        (uint48 validUntil, uint48 validAfter, bytes calldata signature) = parsePaymasterAndData(userOp.paymasterAndData);
        bytes32 digest = MessageHashUtils.toEthSignedMessageHash(getHash(userOp, validUntil, validAfter));
        (address recovered, ECDSA.RecoverError error,) = ECDSA.tryRecover(digest, signature);
        bool isSigned = error == ECDSA.RecoverError.NoError && recovered == verifyingSigner;
        if (isSigned && !isOpenToAnyBundler) _requireAllowedBundler();
        return ("", _packValidationData(!isSigned, validUntil, validAfter));
    }

    function _requireAllowedBundler() private view {
        // eth_call simulations without a sender (a bundler's estimate) run with tx.origin 0, which no signed
        // transaction can have.
        // solhint-disable-next-line avoid-tx-origin
        address origin = tx.origin;
        if (origin != address(0) && !isBundlerAllowed[origin]) revert BundlerNotAllowed(origin);
    }
}
