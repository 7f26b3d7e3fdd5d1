// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title PartnerToken
/// @notice The partner token of the asset badges (spec point 1), for the local devnet: the owner (the devnet
/// faucet's key) hands tokens out. On a real chain the partner's own token is configured instead.
contract PartnerToken is ERC20, Ownable {
    constructor(address initialOwner) ERC20("Partner Token", "PTKN") Ownable(initialOwner) {}

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
