Feature: NEOM selecting a tile (neom.ja.txt:29-31)

  Background:
    Given a new "neom" game with 2 players and setup:
      """
      {"setup": {"boards": ["oil", "ore"]}}
      """
    And the position:
      """
      phase = "select"
      generation = 1
      players.0.hand = ["g1-park", "g1-market"]
      players.1.hand = ["g1-farm", "g1-mine"]
      """

  Rule: NM-SELECT-SIMUL all select, then all act

    @NM-SELECT-SIMUL
    Scenario: Actions wait until every player has selected
      When player 0 plays:
        """
        {"type": "select", "tile": "g1-park"}
        """
      Then the position has:
        """
        phase = "select"
        to_act = [1]
        """
      When player 1 plays:
        """
        {"type": "select", "tile": "g1-farm"}
        """
      Then the position has:
        """
        phase = "act"
        to_act = [0, 1]
        """

    @NM-SELECT-SIMUL
    Scenario: A position loaded with every tile selected goes on to the actions
      # neom.ja.txt:31: once everyone has chosen, all act at the same time; a position
      # written with both selections made is not left waiting for a selection nobody owes
      Given the position:
        """
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market"]
        players.1.selected = "g1-farm"
        players.1.hand = ["g1-mine"]
        """
      Then the position has:
        """
        phase = "act"
        to_act = [0, 1]
        players.0.selected = "g1-park"
        players.1.selected = "g1-farm"
        """

    @NM-SELECT-SIMUL
    Scenario: A tile not in the hand cannot be selected
      When player 0 plays:
        """
        {"type": "select", "tile": "g1-farm"}
        """
      Then the action is rejected citing rule "NM-SELECT-SIMUL"

    @NM-SELECT-SIMUL
    Scenario: A player who has selected may not select again while others choose
      When player 0 plays:
        """
        {"type": "select", "tile": "g1-park"}
        """
      And player 0 plays:
        """
        {"type": "select", "tile": "g1-market"}
        """
      Then the action is rejected citing rule "NM-SELECT-SIMUL"

    @NM-SELECT-SIMUL
    Scenario: Chance does not act while the players select
      When chance reveals:
        """
        {"type": "deal", "player": 0, "tile": "g1-houses"}
        """
      Then the action is rejected citing rule "NM-SELECT-SIMUL"

    @NM-SELECT-SIMUL
    Scenario: A player who has acted this turn may not act again
      # player 1 has acted (not by selecting a disaster): one action per turn
      Given the position:
        """
        phase = "act"
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market"]
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      When player 1 plays:
        """
        {"type": "sell"}
        """
      Then the action is rejected citing rule "NM-SELECT-SIMUL"

    @NM-SELECT-SIMUL
    Scenario: Once a player has acted only the others are still to act this turn
      # neom.ja.txt:31: all act on their selections; player 0 sells, and is not asked again
      Given the position:
        """
        phase = "act"
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market"]
        players.1.selected = "g1-farm"
        players.1.hand = ["g1-mine"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        phase = "act"
        to_act = [1]
        players.0.acted = true
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the action is rejected citing rule "NM-SELECT-SIMUL"

    @NM-SELECT-SIMUL
    Scenario: A seat the 2-player game does not have is refused as malformed
      # seats are 0 and 1
      When the action is applied:
        """
        {"actor": 2, "type": "select", "tile": "g1-park"}
        """
      Then the action is refused as malformed

  Rule: NM-SELECT-SEQ simultaneous selection in any order, hidden until all have chosen

    @NM-SELECT-SEQ
    Scenario: The second seat may select first
      When player 1 plays:
        """
        {"type": "select", "tile": "g1-mine"}
        """
      Then "to_act" is [0]

    @NM-SELECT-SEQ @NM-VIEW-HIDDEN
    Scenario: A pending selection is hidden from the other players
      When player 1 plays:
        """
        {"type": "select", "tile": "g1-mine"}
        """
      Then the view of player 0 has:
        """
        players.1.selected = "hidden"
        players.1.hand = {"hidden": 1}
        players.0.hand = ["g1-market", "g1-park"]
        """
      And the view of player 1 has:
        """
        players.1.selected = "g1-mine"
        """

    @NM-SELECT-SEQ @NM-VIEW-HIDDEN
    Scenario: Once every player has selected the selections are shown
      When player 1 plays:
        """
        {"type": "select", "tile": "g1-mine"}
        """
      And player 0 plays:
        """
        {"type": "select", "tile": "g1-park"}
        """
      Then the view of player 0 has:
        """
        phase = "act"
        players.1.selected = "g1-mine"
        """

  Rule: NM-VIEW-HIDDEN what a player cannot see

    @NM-VIEW-HIDDEN
    Scenario: Decks and the discard pile show only their sizes
      Given the position:
        """
        decks.cornerstone = {"cs-atelier": 2, "cs-exchange": 2}
        discard = {"g1-fire": 1}
        players.1.cornerstones = ["cs-kiln", "cs-forest"]
        """
      Then the view of player 0 has:
        """
        decks.cornerstone = {"hidden": 4}
        discard = {"hidden": 1}
        players.1.cornerstones = {"hidden": 2}
        players.1.coins = 6
        """
