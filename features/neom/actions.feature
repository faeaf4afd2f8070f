Feature: NEOM the three actions (neom.ja.txt:33-38)

  Background:
    Given a new "neom" game with 2 players and setup:
      """
      {"setup": {"boards": ["oil", "ore"]}}
      """
    And the position:
      """
      phase = "act"
      generation = 1
      players.0.selected = "g1-park"
      players.0.hand = ["g1-market"]
      players.0.cornerstones = ["cs-garden-homes"]
      players.1.acted = true
      players.1.hand = ["g1-farm"]
      """

  Rule: NM-ACT-CHOICE place, discard for a cornerstone, or sell

    @NM-ACT-CHOICE
    Scenario: All three actions are open with the selected tile
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-park", "x": 2, "y": 1}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-garden-homes", "x": 2, "y": 1}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "sell"}
        """

    @NM-ACT-CHOICE
    Scenario: Nothing but the three actions is accepted in the action step
      When player 0 plays:
        """
        {"type": "pay"}
        """
      Then the action is rejected citing rule "NM-ACT-CHOICE"

    @NM-ACT-CHOICE @until:example-sell-six
    Scenario Outline: The <what> action puts <space> on x2 y1 and leaves player 0 <coins> coins
      # neom.ja.txt:35-38: place the selected tile (the park costs 2), discard it to place a
      # cornerstone (the garden homes cost 0) or sell it for 5 coins (neom.ja.txt:65); player 0
      # has the starting 6 coins (NM-SETUP-COINS, provisional tile list)
      When player 0 plays:
        """
        <action>
        """
      Then the position has:
        """
        players.0.city.1.2 = <space>
        players.0.coins = <coins>
        """

      Examples:
        | what        | action                                                               | space             | coins |
        | place       | {"type": "place", "tile": "g1-park", "x": 2, "y": 1}                 | "g1-park"         | 4     |
        | cornerstone | {"type": "cornerstone", "tile": "cs-garden-homes", "x": 2, "y": 1}   | "cs-garden-homes" | 6     |
        | sell        | {"type": "sell"}                                                     | null              | 11    |
