Feature: Villagers padlocks

  Rule: VL-LOCK-OWN Unlocker in your village: the bank puts 2 on it

    @VL-LOCK-OWN
    Scenario: Building a Cooper with your own Blacksmith puts 2 bank coins on the Blacksmith
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        village = Lumberjack ; Miner > Blacksmith
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then the village is "Lumberjack > Cooper ; Miner > Blacksmith(2)"
      And "player.gold" is 8

    @VL-LOCK-OWN @VL-LOCK-AFFORD
    Scenario: With its unlocker in your village a padlocked card is offered even with no gold
      Given a villagers game at step "build" with:
        """
        player.gold = 0
        player.hand = ["Cooper"]
        village = Lumberjack ; Miner > Blacksmith
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "build", "card": "Cooper", "column": 0}
        """

    @VL-LOCK-OWN
    Scenario: A second padlock unlocked at home adds 2 more bank coins on your Blacksmith
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        village = Lumberjack ; Miner > Blacksmith(2)
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then the village is "Lumberjack > Cooper ; Miner > Blacksmith(4)"
      And "player.gold" is 8

    # Line 50: only the villager the padlock names unlocks it, the Cooper's is the Blacksmith.
    # The Miner (the Blacksmith's parent) and the Glass Blower (an ore villager padlocked by a
    # Blacksmith too) are not it: no bank coins go on them, and you pay.
    @VL-LOCK-OWN @until:example-bank-lock-three
    Scenario: Villagers other than the Blacksmith in your village do not unlock a Cooper
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        village = Lumberjack ; Miner > Glass Blower
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then the village is "Lumberjack > Cooper ; Miner > Glass Blower"
      And "player.gold" is 6

  Rule: VL-LOCK-COUNTESS Unlocker only in her village: you pay 2 onto her card

    @VL-LOCK-COUNTESS
    Scenario: Building a Cooper against her Blacksmith costs 2 gold onto it
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        village = Lumberjack
        countess = Blacksmith
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then the Countess's village is "Blacksmith(2)"
      And the position has:
        """
        player.gold = 6
        countess.gold = 1
        """

    @VL-LOCK-COUNTESS
    Scenario: A second padlock paid onto her Blacksmith adds to the coins already there
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        village = Lumberjack
        countess = Blacksmith(2)
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then the Countess's village is "Blacksmith(4)"
      And "player.gold" is 6

  Rule: VL-LOCK-BANK No unlocker anywhere: you pay 2 to the bank

    @VL-LOCK-BANK @until:example-bank-lock-three
    Scenario: Building a Cooper with no Blacksmith anywhere costs 2 to the bank
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        village = Lumberjack
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then the village is "Lumberjack > Cooper"
      And the position has:
        """
        player.gold = 6
        countess.gold = 1
        """

    @VL-LOCK-BANK
    Scenario Outline: An erratum parameter the bank fee does not have (<what>) is refused
      The bank fee's one parameter is fee (2, spec/villagers/rules.yaml); a ruleset's params
      option naming another is malformed (spec/protocol/README.md, the params option).
      When a new "villagers" game with 1 players and options is requested:
        """
        {"params": <params>}
        """
      Then the request is refused as malformed

      Examples:
        | what | params |
        | a parameter it has not | {"VL-LOCK-BANK": {"cost": 3}} |
        | a rule of another game | {"GV-TROLL-CAP": {"cap": 4}} |

  Rule: VL-LOCK-AFFORD A padlock you cannot pay blocks the build

    @VL-LOCK-AFFORD @VL-LOCK-BANK
    Scenario: With 1 gold a Cooper cannot be unlocked at the bank
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        player.gold = 1
        village = Lumberjack
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then the action is rejected citing rule "VL-LOCK-BANK"

    @VL-LOCK-AFFORD @VL-LOCK-COUNTESS
    Scenario: With 1 gold a Cooper cannot be unlocked on her Blacksmith
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        player.gold = 1
        village = Lumberjack
        countess = Blacksmith
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then the action is rejected citing rule "VL-LOCK-COUNTESS"

    @VL-LOCK-AFFORD @VL-LOCK-BANK @until:example-bank-lock-three
    Scenario: With exactly 2 gold a Cooper can be unlocked at the bank
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        player.gold = 2
        village = Lumberjack
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "build", "card": "Cooper", "column": 0}
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then the village is "Lumberjack > Cooper"
      And "player.gold" is 0

    @VL-LOCK-AFFORD
    Scenario: A padlocked card you cannot pay for still leaves the rest of the hand offered
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper", "Harvester"]
        player.gold = 1
        village = Lumberjack
        """
      Then the legal actions do not include:
        """
        {"type": "build", "card": "Cooper"}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "build", "card": "Harvester", "column": null}
        """

  Rule: VL-LOCK-TARGET The coins go on the first matching unlocker

    @VL-LOCK-TARGET
    Scenario: Of two Blacksmiths the one without coins sorts first and receives them
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        village = Lumberjack ; Miner > Blacksmith(2) ; Miner > Blacksmith
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then the village is "Lumberjack > Cooper ; Miner > Blacksmith(2) ; Miner > Blacksmith(2)"
