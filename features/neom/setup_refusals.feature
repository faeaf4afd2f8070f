Feature: NEOM new-game setups that must be refused
  A setup names each seat's city board by the raw good its City Centre shows
  (spec/protocol/README.md, setup shapes: `boards`, one good per seat). The six boards are
  dealt without replacement (NM-SETUP-BOARDS), so a setup with a good per seat, none twice,
  is the only one a table can reach; anything else is refused as malformed.

  Rule: NM-SETUP-BOARDS each seat takes a different city board

    @NM-SETUP-BOARDS
    Scenario Outline: A setup with <why> is refused
      When a new "neom" game with 2 players and setup is requested:
        """
        {"setup": <setup>}
        """
      Then the request is refused as malformed

      Examples:
        | why                                   | setup                                         |
        | a key other than boards               | {"boards": ["oil", "ore"], "seed": 1}         |
        | one board for two seats               | {"boards": ["oil"]}                           |
        | the same board twice                  | {"boards": ["oil", "oil"]}                    |
        | a good no city board shows            | {"boards": ["oil", "gold bars"]}              |
        | boards that are not a list            | {"boards": "oil"}                             |

    @NM-SETUP-BOARDS
    Scenario: Two different boards are dealt to the two seats
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["ore", "oil"]}}
        """
      Then the position has:
        """
        players.0.goods = ["ore"]
        players.1.goods = ["oil"]
        """

  Rule: NM-DISASTER-SCOPE an option takes only its ruling's values

    @NM-DISASTER-SCOPE
    Scenario: A protection scope outside the ruling's values is refused
      # spec/protocol/README.md, new_game: a value outside its ruling's values is malformed
      When a new "neom" game with 2 players and setup is requested:
        """
        {"options": {"protection_scope": "row"}}
        """
      Then the request is refused as malformed

  Rule: NM-SOLO-SET the solo tile set is one of the table's rows

    @NM-SOLO-SET
    Scenario: A solo tile set the scoring table has no row for is refused
      When a new "neom" game with 1 player and setup is requested:
        """
        {"options": {"solo_tile_set": "7+"}}
        """
      Then the request is refused as malformed
