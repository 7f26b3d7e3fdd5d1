// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title PartnerNFT
/// @notice The partner NFT collection of the asset badges (spec point 1), for the local devnet: the owner (the
/// devnet faucet's key) hands tokens out. On a real chain the partner's own collection is configured instead.
contract PartnerNFT is ERC721, Ownable {
    uint256 public totalMinted;

    constructor(address initialOwner) ERC721("Partner NFT", "PNFT") Ownable(initialOwner) {}

    function mint(address to) external onlyOwner returns (uint256 tokenId) {
        tokenId = ++totalMinted;
        _safeMint(to, tokenId);
    }
}
