Feature: Gnomeville troll card reveals must have a troll card's shape
  A revealed troll card is a 5x5 matrix of boulder (B), troll (T) and empty (.) squares and
  a list of arrows, each one of the four directions with a single (step) or double (far)
  head (GV-ATTACK-ORDER). A reveal carrying anything else is no card of the deck: it is
  refused as malformed and the game is unchanged.

  Rule: GV-ATTACK-ORDER boulders appear, then trolls, then the arrows move the trolls

    @GV-ATTACK-ORDER @GV-ATTACK-SURPRISE
    Scenario Outline: A surprise troll card with <why> is refused as malformed
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "....."], "moves": [["E", "step"]]}
        """
      And the position:
        """
        players.0.stumps = 2
        players.0.hand = "gnome"
        """
      And these actions are applied:
        """
        [{"actor": 0, "type": "place"}, {"actor": 0, "type": "stop"}, {"actor": 1, "type": "pass"}]
        """
      When chance reveals:
        """
        {"type": "troll_card", "card": "troll-02", "matrix": <matrix>, "moves": <moves>}
        """
      Then the action is refused as malformed

      Examples:
        | why                               | matrix                                              | moves               |
        | an arrow with a number for a side | ["T....", ".....", ".....", ".....", "....."]       | [[7, "step"]]       |
        | an arrow pointing two ways        | ["T....", ".....", ".....", ".....", "....."]       | [["NE", "step"]]    |
        | an arrow pointing nowhere         | ["T....", ".....", ".....", ".....", "....."]       | [["", "far"]]       |
        | a matrix of four rows             | ["T....", ".....", ".....", "....."]                | []                  |
        | a row of six squares              | ["T.....", ".....", ".....", ".....", "....."]      | []                  |
        | a square neither boulder, troll nor empty | ["X....", ".....", ".....", ".....", "....."] | []              |

  Rule: GV-TROLL-CHOICE the player picks where a capped troll spawns, on a space of the town

    @GV-TROLL-CHOICE @GV-TROLL-CAP
    Scenario Outline: A spawn on <why> is refused as malformed
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "T...T"], "moves": []}
        """
      And player 0's town is:
        """
        TR .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      When player 0 plays:
        """
        {"type": "spawn", "what": "troll", "space": <space>}
        """
      Then the action is refused as malformed

      Examples:
        | why                                         | space       |
        | a column written false (JSON false is no 0)  | [4, false]  |
        | a row written 4.0 (a space is whole numbers) | [4.0, 4]    |
