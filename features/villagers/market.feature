Feature: Villagers solo market phases

  Rule: VL-MARKET-BOTH Both markets pay the player and the Countess

    @VL-MARKET-BOTH @VL-COMP-COUNTESS-MARKET
    Scenario: At the first market the Countess earns her card, her Cooper and its coins
      Given a villagers game at step "events" with:
        """
        markets.first = "revealed"
        reserve = 0
        countess = Cooper(2)
        """
      # Countess card 4 + Cooper 4 + 2 coins
      Then "countess.gold" is 11

  Rule: VL-MARKET-FIRST Printed gold plus coins on cards; the coins stay

    @VL-MARKET-FIRST
    Scenario: Founders 2 + Blacksmith 2 + its 4 coins earn 8
      Given a villagers game at step "events" with:
        """
        markets.first = "revealed"
        reserve = 0
        village = Miner > Blacksmith(4)
        """
      Then the position has:
        """
        player.gold = 16
        markets.first = "resolved"
        markets.second = "hidden"
        round = 2
        phase = "draft"
        """
      And the village is "Miner > Blacksmith(4)"

    @VL-MARKET-FIRST
    Scenario: The first market pays no silver
      Given a villagers game at step "events" with:
        """
        markets.first = "revealed"
        reserve = 0
        village = Miner > Blacksmith(4) ; Agent
        """
      # Founders 2 + Blacksmith 2 + its 4 coins; the Agent's silver waits for the second market
      Then "player.gold" is 16

    @VL-MARKET-FIRST
    Scenario: The coins on every card count at the first market
      Given a villagers game at step "events" with:
        """
        markets.first = "revealed"
        reserve = 0
        village = Miner > Blacksmith(2) ; Harvester(2)
        """
      # Founders 2 + Blacksmith 2 + the 2 coins on each card
      Then "player.gold" is 16

  Rule: VL-MARKET-SECOND Printed gold, coins and silver

    @VL-MARKET-SECOND @VL-MARKET-BOTH @reading:icons_count_covered=true
    Scenario: The second market adds the silver values
      Given a villagers game at step "events" with:
        """
        markets = {"first": "resolved", "second": "revealed"}
        village = Hayer > Horse Trader ; Hayer ; Hayer ; Miner > Blacksmith(1)
        countess = Grocer, Harvester
        """
      # you: Founders 2 + Blacksmith 2 + 1 coin + Horse Trader 3 per 2 of 4 hay = 6
      # her: Countess 4 + Grocer 3 per food x 1
      Then the position has:
        """
        player.gold = 19
        countess.gold = 8
        """

    @VL-MARKET-SECOND @VL-COMP-COUNTESS-MARKET
    Scenario: Her Freemason counts no builder on the Countess card at the second market
      Given a villagers game at step "events" with:
        """
        markets = {"first": "resolved", "second": "revealed"}
        reserve = 0
        countess = Freemason
        """
      # Countess 4 + Freemason 0 gold + 3 silver per builder icon, of which she shows none
      Then "countess.gold" is 5

    @VL-MARKET-SECOND @VL-COMP-COUNTESS-MARKET @VL-SILVER-PEDDLER
    Scenario: Her Peddler counts the Countess card as one of her two gold symbols
      Given a villagers game at step "events" with:
        """
        markets = {"first": "resolved", "second": "revealed"}
        reserve = 0
        countess = Cooper, Peddler
        """
      # 1 + Countess 4 + Cooper 4 + Peddler 0 gold + 3 silver per 2 gold symbols (the Countess
      # card's and the Cooper's)
      Then "countess.gold" is 12

    # The second market phase is carried out once, and the game ends with it (line 69).
    @VL-MARKET-SECOND
    Scenario: The revealed second market is resolved and the game ends
      Given a villagers game at step "events" with:
        """
        markets = {"first": "resolved", "second": "revealed"}
        reserve = 0
        """
      Then the game is over
      And the position has:
        """
        markets = {"first": "resolved", "second": "resolved"}
        """

  Rule: VL-MARKET-SECOND-COINS The coins on cards stay there after the second market

    @VL-MARKET-SECOND-COINS @VL-MARKET-SECOND
    Scenario: After the second market every card keeps its coins
      Given a villagers game at step "events" with:
        """
        markets = {"first": "resolved", "second": "revealed"}
        reserve = 0
        village = Miner > Blacksmith(4)
        countess = Cooper(2)
        """
      Then the game is over
      And the village is "Miner > Blacksmith(4)"
      And the Countess's village is "Cooper(2)"

  Rule: VL-MARKET-REVEAL A market card is revealed when its stack runs out

    @VL-MARKET-REVEAL
    Scenario: Taking the last card of stack 2 reveals the first market card
      Given a villagers game at step "take" with:
        """
        stacks.1 = {"known": ["Cooper"], "hidden": 0, "market": 1}
        """
      When player 0 plays:
        """
        {"type": "take_stack", "stack": 1}
        """
      Then the position has:
        """
        markets.first = "revealed"
        stacks.1.market = null
        """

    # Lines 65-68: a market phase is held only when its market card has been revealed
    @VL-MARKET-REVEAL
    Scenario: With neither market card revealed the round ends without a market phase
      Given a villagers game at step "events" with:
        """
        reserve = 0
        """
      Then the position has:
        """
        player.gold = 8
        countess.gold = 1
        markets = {"first": "hidden", "second": "hidden"}
        """

    # The ruling: the market card is revealed when the last card above it leaves its stack; a
    # returned card lies on top of the stack (VL-BUILD-RETURN-STACK), above the market card
    @VL-MARKET-REVEAL
    Scenario: A returned card still lying on stack 2 keeps the first market card hidden
      Given a villagers game at step "take" with:
        """
        stacks.1 = {"known": ["Cooper", "Fisher"], "hidden": 0, "market": 1}
        """
      When player 0 plays:
        """
        {"type": "take_stack", "stack": 1}
        """
      Then the position has:
        """
        markets.first = "hidden"
        stacks.1.market = 1
        """

    @VL-MARKET-REVEAL
    Scenario: A second market revealed first brings the first market with it
      Given a villagers game at step "events" with:
        """
        markets = {"first": "hidden", "second": "revealed"}
        """
      # first: Founders 2, then second: Founders 2 again; her 4 twice
      Then the position has:
        """
        player.gold = 12
        countess.gold = 9
        markets = {"first": "resolved", "second": "resolved"}
        """

    @VL-MARKET-REVEAL
    Scenario: A revealed first market over a stack that still has cards is refused
      Given a villagers game at step "build"
      When the position is loaded:
        """
        markets.first = "revealed"
        stacks.1.market = null
        """
      Then the request is refused as malformed
