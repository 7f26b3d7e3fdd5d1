// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

/// @title BadgeNFT
/// @notice The product's badges (spec points 3 and 4): ERC-1155 tokens (one id per badge level) with ERC-2981
/// royalties, minted by anyone holding a MintRequest signed by the API's badge signer.
///
/// The signature is EIP-712 typed data in this contract's domain (name "BadgeNFT", version "1", the chain id and
/// this address), so a request signed for another chain or another contract is refused. Each request carries a
/// uid that can be used once, and a validity window [validityStart, validityEnd] in unix seconds.
/// Badges are free (pricePerToken must be 0): the product never takes payment through this contract.
contract BadgeNFT is ERC1155, ERC2981, Ownable, EIP712 {
    /// spec 3: 'A royalty cap of 10000 basis points exists in the contract.'
    uint96 public constant MAX_ROYALTY_BPS = 10_000;

    struct MintRequest {
        address to;
        address royaltyRecipient;
        uint256 royaltyBps;
        address primarySaleRecipient;
        uint256 tokenId;
        string uri;
        uint256 quantity;
        uint256 pricePerToken;
        address currency;
        uint128 validityStart;
        uint128 validityEnd;
        bytes32 uid;
    }

    bytes32 public constant MINT_REQUEST_TYPEHASH = keccak256(
        "MintRequest(address to,address royaltyRecipient,uint256 royaltyBps,address primarySaleRecipient,uint256 tokenId,string uri,uint256 quantity,uint256 pricePerToken,address currency,uint128 validityStart,uint128 validityEnd,bytes32 uid)"
    );

    /// The API's badge signer: the only key whose requests mint.
    address public signer;

    mapping(bytes32 uid => bool used) public isUidUsed;
    mapping(uint256 tokenId => string tokenUri) private _tokenUris;

    event SignerSet(address indexed signer);
    event TokensMintedWithSignature(
        address indexed signer, address indexed to, uint256 indexed tokenId, bytes32 uid, uint256 quantity
    );

    error InvalidSigner();
    error UidAlreadyUsed(bytes32 uid);
    error RequestNotValidYet(uint128 validityStart);
    error RequestExpired(uint128 validityEnd);
    error RoyaltyTooHigh(uint256 royaltyBps);
    error InvalidQuantity();
    error PaidMintNotSupported();
    error ZeroRecipient();

    constructor(address initialOwner, address initialSigner) ERC1155("") Ownable(initialOwner) EIP712("BadgeNFT", "1") {
        signer = initialSigner;
        emit SignerSet(initialSigner);
    }

    function setSigner(address newSigner) external onlyOwner {
        signer = newSigner;
        emit SignerSet(newSigner);
    }

    /// @notice The EIP-712 digest the signer signs for `req`.
    function hashRequest(MintRequest calldata req) public view returns (bytes32) {
        return _hashTypedDataV4(
            keccak256(
                bytes.concat(
                    abi.encode(
                        MINT_REQUEST_TYPEHASH,
                        req.to,
                        req.royaltyRecipient,
                        req.royaltyBps,
                        req.primarySaleRecipient,
                        req.tokenId,
                        keccak256(bytes(req.uri))
                    ),
                    abi.encode(
                        req.quantity, req.pricePerToken, req.currency, req.validityStart, req.validityEnd, req.uid
                    )
                )
            )
        );
    }

    /// @notice True when `signature` is the signer's for `req` and the request can be minted now.
    function verify(MintRequest calldata req, bytes calldata signature) public view returns (bool, address) {
        bool isSigned = SignatureChecker.isValidSignatureNow(signer, hashRequest(req), signature);
        return (isSigned && !isUidUsed[req.uid], signer);
    }

    /// @notice Mints `req.quantity` of `req.tokenId` to `req.to` when the badge signer signed `req`.
    function mintWithSignature(MintRequest calldata req, bytes calldata signature) external payable {
        if (!SignatureChecker.isValidSignatureNow(signer, hashRequest(req), signature)) revert InvalidSigner();
        if (isUidUsed[req.uid]) revert UidAlreadyUsed(req.uid);
        if (block.timestamp < req.validityStart) revert RequestNotValidYet(req.validityStart);
        if (block.timestamp > req.validityEnd) revert RequestExpired(req.validityEnd);
        if (req.royaltyBps > MAX_ROYALTY_BPS) revert RoyaltyTooHigh(req.royaltyBps);
        if (req.quantity == 0) revert InvalidQuantity();
        if (req.pricePerToken != 0 || msg.value != 0) revert PaidMintNotSupported();
        if (req.to == address(0)) revert ZeroRecipient();

        isUidUsed[req.uid] = true;
        if (bytes(req.uri).length > 0 && bytes(_tokenUris[req.tokenId]).length == 0) {
            _tokenUris[req.tokenId] = req.uri;
            emit URI(req.uri, req.tokenId);
        }
        if (req.royaltyRecipient != address(0)) {
            _setTokenRoyalty(req.tokenId, req.royaltyRecipient, uint96(req.royaltyBps));
        }
        _mint(req.to, req.tokenId, req.quantity, "");
        emit TokensMintedWithSignature(signer, req.to, req.tokenId, req.uid, req.quantity);
    }

    function uri(uint256 tokenId) public view override returns (string memory) {
        return _tokenUris[tokenId];
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, ERC2981) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
