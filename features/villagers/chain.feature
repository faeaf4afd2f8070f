Feature: Villagers production chains and visibility

  Rule: VL-CHAIN-ON A villager goes on top of its parent

    @VL-CHAIN-ON
    Scenario: A Cartwright goes on a Wheeler
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cartwright"]
        village = Hayer ; Lumberjack > Wheeler
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cartwright", "column": 1}
        """
      Then the village is "Hayer ; Lumberjack > Wheeler > Cartwright"

    @VL-CHAIN-ON
    Scenario: A Cartwright cannot go on a bare Lumberjack
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cartwright"]
        village = Lumberjack
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cartwright", "column": 0}
        """
      Then the action is rejected citing rule "VL-CHAIN-ON"

    @VL-CHAIN-ON
    Scenario: A covered Wheeler cannot take a second villager
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cartwright"]
        village = Lumberjack > Wheeler > Cartwright
        """
      Then the legal actions do not include:
        """
        {"type": "build", "card": "Cartwright"}
        """

    # Hayer > Grazier > Milk Maid: only the Milk Maid on top takes a villager. The Fromager
    # goes on a Milk Maid; the Thatcher needs a Hayer on top, and this one is covered.
    @VL-CHAIN-ON
    Scenario: Only the top of a three-card chain takes the next villager
      Given a villagers game at step "build" with:
        """
        player.hand = ["Fromager", "Thatcher"]
        village = Hayer > Grazier > Milk Maid
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "build", "card": "Fromager", "column": 0}
        """
      And the legal actions do not include:
        """
        {"type": "build", "card": "Thatcher"}
        """

    @VL-CHAIN-ON
    Scenario: A position with a Cooper lying on a Miner is refused
      Given a villagers game at step "build" with:
        """
        village = Miner ; Lumberjack > Cooper
        """
      When the position is loaded:
        """
        player.village = [[{"card": "Lumberjack", "coins": 0}], [{"card": "Miner", "coins": 0}, {"card": "Cooper", "coins": 0}]]
        """
      Then the request is refused as malformed

    @VL-CHAIN-ON
    Scenario: A position with a Cooper at the bottom of a column is refused
      Given a villagers game at step "build" with:
        """
        village = Lumberjack > Cooper
        """
      When the position is loaded:
        """
        player.village = [[{"card": "Cooper", "coins": 0}], [{"card": "Lumberjack", "coins": 0}]]
        """
      Then the request is refused as malformed

    # The ruling: a villager without a parent starts a new column; it never goes on another
    # column's top card
    @VL-CHAIN-ON
    Scenario: A Wattler, which has no parent, starts a column of its own beside a Lumberjack
      Given a villagers game at step "build" with:
        """
        player.hand = ["Wattler"]
        village = Lumberjack
        """
      Then the legal actions do not include:
        """
        {"type": "build", "card": "Wattler", "column": 0}
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Wattler", "column": null}
        """
      Then the village is "Lumberjack ; Wattler"

    # The ruling: basic villagers always start a new column
    @VL-CHAIN-ON
    Scenario: A basic Lumberjack starts a new column beside a Lumberjack chain
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        village = Lumberjack > Wheeler
        """
      When player 0 plays:
        """
        {"type": "build_basic", "basic": "Lumberjack", "return": "Cooper", "stack": 0}
        """
      Then the village is "Lumberjack ; Lumberjack > Wheeler"

  Rule: VL-CHAIN-FOUNDERS The Founders carries at most two branches

    @VL-CHAIN-FOUNDERS @reading:founders_branches=2
    Scenario: A third grain branch on the Founders is refused
      Given a villagers game at step "build" with:
        """
        player.hand = ["Brewer"]
        village = Swineherd ; Poulterer
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Brewer", "column": null}
        """
      Then the action is rejected citing rule "VL-CHAIN-FOUNDERS"

    @VL-CHAIN-FOUNDERS @reading:founders_branches=2
    Scenario: A second grain branch on the Founders is allowed
      Given a villagers game at step "build" with:
        """
        player.hand = ["Swineherd"]
        village = Poulterer
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Swineherd", "column": null}
        """
      Then the village is "Poulterer ; Swineherd"

    @VL-CHAIN-FOUNDERS @reading:founders_branches=1
    Scenario: With a single Founders branch a second grain villager is refused
      Given a villagers game at step "build" with:
        """
        options.founders_branches = 1
        player.hand = ["Swineherd"]
        village = Poulterer
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Swineherd", "column": null}
        """
      Then the action is rejected citing rule "VL-CHAIN-FOUNDERS"

    @VL-CHAIN-FOUNDERS @reading:founders_branches=3
    Scenario: With three Founders branches a third grain villager is allowed
      Given a villagers game at step "build" with:
        """
        options.founders_branches = 3
        player.hand = ["Brewer"]
        village = Swineherd ; Poulterer
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Brewer", "column": null}
        """
      Then the village is "Brewer ; Poulterer ; Swineherd"

    @VL-CHAIN-FOUNDERS
    Scenario Outline: A founders_branches of <value>, outside the ruling's 1 to 3, is refused
      When a new "villagers" game with 1 players and options is requested:
        """
        {"founders_branches": <value>}
        """
      Then the request is refused as malformed

      Examples:
        | value |
        | 0     |
        | 4     |

    @VL-CHAIN-FOUNDERS @reading:founders_branches=2
    Scenario: With two Founders branches no third grain villager is offered
      Given a villagers game at step "build" with:
        """
        player.hand = ["Brewer"]
        village = Swineherd ; Poulterer
        """
      Then the legal actions do not include:
        """
        {"type": "build", "card": "Brewer"}
        """

    @VL-CHAIN-FOUNDERS @reading:founders_branches=1
    Scenario: With a single Founders branch a position with two chains on the Founders is refused
      Given a villagers game at step "build" with:
        """
        options.founders_branches = 1
        player.hand = ["Swineherd"]
        village = Poulterer
        """
      When the position is loaded:
        """
        player.hand = []
        player.village = [[{"card": "Poulterer", "coins": 0}], [{"card": "Swineherd", "coins": 0}]]
        """
      Then the request is refused as malformed

    @VL-CHAIN-FOUNDERS @reading:founders_branches=2
    Scenario: A position with three chains on the Founders is refused
      Given a villagers game at step "build" with:
        """
        player.hand = ["Brewer"]
        village = Swineherd ; Poulterer
        """
      When the position is loaded:
        """
        player.hand = []
        player.village = [[{"card": "Brewer", "coins": 0}], [{"card": "Poulterer", "coins": 0}], [{"card": "Swineherd", "coins": 0}]]
        """
      Then the request is refused as malformed

    @VL-CHAIN-FOUNDERS @reading:founders_branches=2
    Scenario: With one Founders branch a second grain villager is offered on the Founders
      Given a villagers game at step "build" with:
        """
        player.hand = ["Poulterer"]
        village = Swineherd
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "build", "card": "Poulterer", "column": null}
        """

    # The ruling: the Founders is covered once it carries a chain, and a covered card shows
    # no gold (VL-CHAIN-VISIBLE). Swineherd 2; the Founders' 2 are not paid.
    @VL-CHAIN-FOUNDERS @reading:gold_top_only=true
    Scenario: A Founders carrying a Swineherd is covered and earns nothing at the first market
      Given a villagers game at step "events" with:
        """
        markets.first = "revealed"
        reserve = 0
        village = Swineherd
        """
      Then "player.gold" is 10

  Rule: VL-CHAIN-VISIBLE Only the top of each chain shows its gold

    @VL-CHAIN-VISIBLE @reading:gold_top_only=true
    Scenario: A covered Wheeler and a covered Founders earn nothing at the first market
      Given a villagers game at step "events" with:
        """
        markets.first = "revealed"
        reserve = 0
        village = Lumberjack > Wheeler > Cartwright ; Swineherd
        """
      # Cartwright 9 + Swineherd 2; the Wheeler (3) and Founders (2) are covered
      Then "player.gold" is 19

    # The ruling hides the printed gold of covered cards, not the coins lying on them: the
    # market pays "printed gold + the gold on the cards" (line 66).
    @VL-CHAIN-VISIBLE @reading:gold_top_only=true
    Scenario: The coins on a covered Wheeler still count at the first market
      Given a villagers game at step "events" with:
        """
        markets.first = "revealed"
        reserve = 0
        village = Lumberjack > Wheeler(2) > Cartwright ; Swineherd
        """
      # Cartwright 9 + Swineherd 2 + the 2 coins on the covered Wheeler
      Then "player.gold" is 21

    @VL-CHAIN-VISIBLE @reading:gold_top_only=false
    Scenario: With every card's gold counting the covered cards earn too
      Given a villagers game at step "events" with:
        """
        options.gold_top_only = false
        markets.first = "revealed"
        reserve = 0
        village = Lumberjack > Wheeler > Cartwright ; Swineherd
        """
      # 9 + 3 + 2 + Founders 2
      Then "player.gold" is 24

  Rule: VL-ICONS-COVERED Food and builder icons count on covered cards

    @VL-ICONS-COVERED @reading:icons_count_covered=true
    Scenario: A covered Grazier and Milk Maid still feed the draft
      Given a villagers game at step "countess_build" with:
        """
        reserve = 0
        village = Hayer > Grazier > Milk Maid > Fromager
        """
      # food 1 + 2 + 1 = 4, so 2 + 4 = 6, capped at 5
      Then "draft.limit" is 5

    @VL-ICONS-COVERED @reading:icons_count_covered=false
    Scenario: Counting only the top card the Fromager alone feeds the draft
      Given a villagers game at step "countess_build" with:
        """
        options.icons_count_covered = false
        reserve = 0
        village = Hayer > Grazier > Milk Maid > Fromager
        """
      Then "draft.limit" is 3
