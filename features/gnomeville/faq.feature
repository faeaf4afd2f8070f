Feature: Gnomeville FAQ answers

  Rule: GV-FAQ-REJOIN a passed player may rejoin the build phase

    @GV-FAQ-REJOIN @reading:turn_by_turn_rounds=[]
    Scenario: A player who passed draws again while another still builds
      Given a gnomeville game with 2 players in the build phase
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """
      When player 0 plays:
        """
        {"type": "draw"}
        """
      Then "players.0.status" is "building"

  Rule: GV-FAQ-NO-LOOP a gnome tile on a stump cannot be returned

    @GV-FAQ-NO-LOOP @GV-BUILD-SECOND-CHANCE
    Scenario: Once the gnome tile is placed the second chance is gone
      Given a gnomeville game with 2 players in the build phase
      And "players.0.hand" is "gnome"
      Then the legal actions include:
        """
        {"actor": 0, "type": "second_chance"}
        """
      When player 0 plays:
        """
        {"type": "place"}
        """
      And player 0 plays:
        """
        {"type": "second_chance"}
        """
      Then the action is rejected citing rule "GV-BUILD-SECOND-CHANCE"

  Rule: GV-FAQ-STUCK-MOVE a stuck player may still move

    @GV-FAQ-STUCK-MOVE @GV-BUILD-STUCK
    Scenario: The third gnome tile's movement is playable
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        players.0.stumps = 2
        players.0.hand = "gnome"
        """
      When player 0 plays:
        """
        {"type": "place"}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "step", "gnome": 0, "dir": "S"}
        """
