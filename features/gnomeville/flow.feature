Feature: Gnomeville rounds, phases and chance

  Rule: GV-PREPARE-REVEAL each round starts by revealing a troll card

    @GV-PREPARE-REVEAL @GV-PHASES @GV-COMP-TROLL-CARDS @GV-SUMMARY-PREPARE
    Scenario: The round's troll card is one of the sixteen, each equally likely
      Given a new "gnomeville" game with 2 players
      When these actions are applied:
        """
        [{"actor": "chance", "type": "goal", "card": "most-red"},
         {"actor": "chance", "type": "goal", "card": "fewest-trolls"},
         {"actor": "chance", "type": "goal", "card": "most-blue"}]
        """
      Then the chance outcomes are:
        """
        [{"action": {"card": "troll-01"}, "probability": "1/16"}, {"action": {"card": "troll-02"}, "probability": "1/16"},
         {"action": {"card": "troll-03"}, "probability": "1/16"}, {"action": {"card": "troll-04"}, "probability": "1/16"},
         {"action": {"card": "troll-05"}, "probability": "1/16"}, {"action": {"card": "troll-06"}, "probability": "1/16"},
         {"action": {"card": "troll-07"}, "probability": "1/16"}, {"action": {"card": "troll-08"}, "probability": "1/16"},
         {"action": {"card": "troll-09"}, "probability": "1/16"}, {"action": {"card": "troll-10"}, "probability": "1/16"},
         {"action": {"card": "troll-11"}, "probability": "1/16"}, {"action": {"card": "troll-12"}, "probability": "1/16"},
         {"action": {"card": "troll-13"}, "probability": "1/16"}, {"action": {"card": "troll-14"}, "probability": "1/16"},
         {"action": {"card": "troll-15"}, "probability": "1/16"}, {"action": {"card": "troll-16"}, "probability": "1/16"}]
        """
      When chance reveals:
        """
        {"type": "troll_card", "card": "troll-05", "matrix": [".....", ".....", ".....", ".....", "B...."], "moves": []}
        """
      Then the position has:
        """
        phase = "build"
        troll_card = {"id": "troll-05", "matrix": [".....", ".....", ".....", ".....", "B...."], "moves": []}
        players.0.cells.4 = [null, null, null, null, null]
        to_act = [0, 1]
        """

  Rule: GV-PREPARE-PREVIEW the revealed card only shows, in phase 1, what phase 3 will do

    @GV-PREPARE-PREVIEW
    Scenario: The boulders of the revealed troll card do not fall before phase 3
      # gnomeville.ja.txt:124: カードの効果はフェーズ3まで発動しませんが、どの位置に大岩が落ちるか
      # ... 判明します: the card shows where its boulders will fall, but nothing falls when it is
      # revealed. Its boulders over player 0's market and over gnome 0 leave both where they
      # are while the build phase begins, in both towns
      Given a new "gnomeville" game with 2 players
      And player 0's town is:
        """
        mk .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": "chance", "type": "goal", "card": "most-red"},
         {"actor": "chance", "type": "goal", "card": "fewest-trolls"},
         {"actor": "chance", "type": "goal", "card": "most-blue"}]
        """
      And chance reveals:
        """
        {"type": "troll_card", "card": "troll-05", "matrix": ["B....", ".....", "..B..", ".....", "....."], "moves": []}
        """
      Then "phase" is "build"
      And player 0's town is:
        """
        mk .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And player 1's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """

  Rule: GV-CHANCE only chance acts at a chance node

    @GV-CHANCE @GV-OVERVIEW-SIMULTANEOUS
    Scenario: A player cannot act while the draw is pending
      Given a gnomeville game with 2 players in the build phase
      When player 0 plays:
        """
        {"type": "draw"}
        """
      And player 1 plays:
        """
        {"type": "draw"}
        """
      Then the action is rejected citing rule "GV-CHANCE"

    @GV-CHANCE @GV-BUILD-DRAW
    Scenario: A troll card revealed while a bag draw is pending is no outcome of that draw
      Given a gnomeville game with 2 players in the build phase
      When player 0 plays:
        """
        {"type": "draw"}
        """
      And chance reveals:
        """
        {"type": "troll_card", "card": "troll-02", "matrix": [".....", ".....", ".....", ".....", "....."], "moves": []}
        """
      Then the action is rejected citing rule "GV-CHANCE"

    @GV-CHANCE @GV-OVERVIEW-SIMULTANEOUS
    Scenario: An action for a seat the game does not have is refused as malformed
      Given a gnomeville game with 2 players in the build phase
      When the action is applied:
        """
        {"actor": 2, "type": "pass"}
        """
      Then the action is refused as malformed
