Feature: NEOM setup (not in neom.ja.txt; public sources, see the rulings)

  Rule: NM-SETUP-BOARDS chance deals each player a city board and its raw good

    @NM-SETUP-BOARDS
    Scenario: The first board is any of the six, equally likely
      Given a new "neom" game with 2 players
      Then the chance outcomes are:
        """
        [{"action": {"type": "board", "player": 0, "good": "cotton"}, "probability": "1/6"},
         {"action": {"type": "board", "player": 0, "good": "grain"}, "probability": "1/6"},
         {"action": {"type": "board", "player": 0, "good": "oil"}, "probability": "1/6"},
         {"action": {"type": "board", "player": 0, "good": "ore"}, "probability": "1/6"},
         {"action": {"type": "board", "player": 0, "good": "sand"}, "probability": "1/6"},
         {"action": {"type": "board", "player": 0, "good": "wood"}, "probability": "1/6"}]
        """
      And the legal actions include:
        """
        {"actor": "chance", "type": "board", "player": 0, "good": "wood"}
        """

    @NM-SETUP-BOARDS
    Scenario: The opening position loads with no board dealt yet
      # the position before the first deal, written back as it is: chance still deals the
      # first of the six boards to the first seat
      Given a new "neom" game with 3 players
      And the position:
        """
        phase = "boards"
        boards = ["cotton", "grain", "oil", "ore", "sand", "wood"]
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "board", "player": 0, "good": "cotton"}, "probability": "1/6"},
         {"action": {"type": "board", "player": 0, "good": "grain"}, "probability": "1/6"},
         {"action": {"type": "board", "player": 0, "good": "oil"}, "probability": "1/6"},
         {"action": {"type": "board", "player": 0, "good": "ore"}, "probability": "1/6"},
         {"action": {"type": "board", "player": 0, "good": "sand"}, "probability": "1/6"},
         {"action": {"type": "board", "player": 0, "good": "wood"}, "probability": "1/6"}]
        """

    @NM-SETUP-BOARDS
    Scenario: A dealt board puts its City Centre in the middle and gives its raw good
      Given a new "neom" game with 2 players
      When chance reveals:
        """
        {"type": "board", "player": 0, "good": "sand"}
        """
      Then the position has:
        """
        players.0.city.2.2 = "centre-sand"
        players.0.goods = ["sand"]
        players.0.board = "sand"
        boards = ["cotton", "grain", "oil", "ore", "wood"]
        """
      And the chance outcomes are:
        """
        [{"action": {"type": "board", "player": 1, "good": "oil"}, "probability": "1/5"},
         {"action": {"type": "board", "player": 1, "good": "wood"}, "probability": "1/5"},
         {"action": {"type": "board", "player": 1, "good": "ore"}, "probability": "1/5"},
         {"action": {"type": "board", "player": 1, "good": "grain"}, "probability": "1/5"},
         {"action": {"type": "board", "player": 1, "good": "cotton"}, "probability": "1/5"}]
        """

    @NM-SETUP-BOARDS @NM-DRAFT-DEAL
    Scenario: Once the last board is dealt the cornerstones are dealt
      Given a new "neom" game with 2 players
      When chance reveals:
        """
        {"type": "board", "player": 0, "good": "sand"}
        """
      And chance reveals:
        """
        {"type": "board", "player": 1, "good": "oil"}
        """
      Then the position has:
        """
        phase = "deal"
        deal_target = 4
        to_act = ["chance"]
        players.1.city.2.2 = "centre-oil"
        boards = ["cotton", "grain", "ore", "wood"]
        """

    @NM-SETUP-BOARDS
    Scenario: A board already dealt cannot be dealt again
      Given a new "neom" game with 2 players
      When chance reveals:
        """
        {"type": "board", "player": 0, "good": "sand"}
        """
      Then the legal actions include:
        """
        {"actor": "chance", "type": "board", "player": 1, "good": "wood"}
        """
      And the legal actions do not include:
        """
        {"actor": "chance", "type": "board", "good": "sand"}
        """
      When chance reveals:
        """
        {"type": "board", "player": 1, "good": "sand"}
        """
      Then the action is rejected citing rule "NM-SETUP-BOARDS"

  Rule: NM-SETUP-COINS each player starts with 6 coins

    @NM-SETUP-COINS
    Scenario: Every player starts with 6 coins
      Given a new "neom" game with 4 players
      Then the position has:
        """
        players.0.coins = 6
        players.3.coins = 6
        """

  Rule: NM-SETUP-PLAYERCOUNT tiles are removed by player-count icon

    @NM-SETUP-PLAYERCOUNT
    Scenario: With 3 players the 4+ and 5+ copies go to the box
      # g1-houses: 3 copies marked 1+, 1 marked 4+, 1 marked 5+ (provisional tile list)
      Given a new "neom" game with 3 players
      Then the position has:
        """
        decks.1.g1-houses = 3
        box.g1-houses = 2
        box.g1-fire = 2
        """

    @NM-SETUP-PLAYERCOUNT
    Scenario: With 4 players only the 5+ copies go to the box
      Given a new "neom" game with 4 players
      Then the position has:
        """
        decks.1.g1-houses = 4
        box.g1-houses = 1
        """

    @NM-SETUP-PLAYERCOUNT
    Scenario: With 5 players every tile is used
      Given a new "neom" game with 5 players
      Then the position has:
        """
        decks.1.g1-houses = 5
        box = {}
        """

    @NM-SETUP-PLAYERCOUNT
    Scenario: Six players are refused: a generation has 40 tiles, six hands need 48
      # 5+ is the highest icon: with 5 players all 40 tiles of a generation are used (8 each)
      When a new "neom" game with 6 players is requested
      Then the request is refused as unsupported

  Rule: NM-BANK-UNLIMITED the bank never runs out

    @NM-BANK-UNLIMITED @until:example-sell-six
    Scenario: A sale is paid in full however rich the seller is
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        players.0.coins = 100
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market"]
        players.1.acted = true
        players.1.hand = ["g1-farm"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then "players.0.coins" is 105

  Rule: NM-TWOPLAYER two players select simultaneously like any other count

    @NM-TWOPLAYER
    Scenario: Both players of a 2-player game may select at once
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
      Then "to_act" is [0, 1]
